/** What a buyer reads when a production deploy has no payment provider (no STRIPE_SECRET_KEY): nothing is charged. */
export const PAYMENTS_NOT_CONFIGURED = "Payments are not set up on this site yet, so nothing can be bought right now.";
