import { z } from "zod";
import { receiveStripeEvent } from "~/features/checkout/webhooks.server";
import { apiAction, jsonError, methodNotAllowed } from "~/http/api.server";

/**
 * POST /api/webhooks/stripe: Stripe's events, verified on the raw body (so the wrapper does not read
 * it: body "ignored") and cross-site by nature (exempt from the Origin check). A failure is a 500 so
 * that Stripe retries it.
 */
export const action = apiAction(
  z.object({}),
  async ({ app, request }) => {
    const outcome = await receiveStripeEvent(app, await request.text(), request.headers.get("Stripe-Signature"));
    switch (outcome.kind) {
      case "not-configured":
        return jsonError(404, "Stripe is not configured");
      case "bad-signature":
        return jsonError(400, "Invalid signature");
      case "malformed":
        return jsonError(400, "Not a Stripe event");
      case "duplicate":
        return { received: true, duplicate: true };
      case "ignored":
        return { received: true, ignored: true };
      case "failed":
        return jsonError(500, "Webhook handling failed; it will be retried");
      case "applied":
        return { received: true };
    }
  },
  { body: "ignored" },
);
export const loader = methodNotAllowed;
