/** The Privacy Policy, in Markdown. {product} and {email} are filled in at render time. */
export const privacyMarkdown = `Effective date: November 21, 2026

This Privacy Policy explains what personal data {product} collects when you browse, buy and learn on {product}, sell as a creator, or use an app a creator has built here; why we collect it; who we share it with; and the choices you have. "We" and "us" mean the operator of {product}. Questions go to {email}.

## What we collect

**Account data.** Your name, email address and password. We store passwords only as a salted hash. If you sign in with Google or Apple, we receive your name, email address and an account identifier from that provider (with Apple you may choose a private relay address). We also keep your settings, such as your theme preference.

**Sessions.** When you sign in we create a session record in our own database, linked to a random session identifier stored in a cookie. The record holds your account ID, when the session started and when it expires. Signing out deletes it.

**Purchase data.** Your cart, orders, prices paid, offers and referral codes applied, memberships, subscriptions, trials, cancellations and refunds. Payments are handled by Stripe. We never receive or store your full card number or security code; Stripe gives us a customer reference, the payment status and limited details such as card brand, last four digits and billing country, which we use for receipts, tax and support.

**Learning progress.** Which lessons you open, how far you watch, which you complete, and your place in each class, so you can resume and see your progress.

**Creator data.** If you sell on {product}: your storefront profile, classes and uploads, studio tier, sales, and payout status. Payout and identity verification are handled by Stripe.

**Onboarding answers in creator apps.** If you use an app a creator built on {product}, we store your answers to its onboarding questionnaire (for example your instrument, level, goals or available practice time) and the personalized plan generated from them.

**Attribution parameters.** When you arrive through a link carrying \`utm_source\`, \`utm_medium\`, \`utm_campaign\`, \`utm_term\` or \`utm_content\` parameters, or a friend's referral code, we store those values and the landing page so we can tell which campaigns and referrals work and credit referral rewards.

**Analytics events.** We run our own first-party analytics store. We record events such as page views, searches, clicks on classes, video plays, cart and checkout steps, and sign-ups, with a timestamp, the page and referring page, and your account ID or, if you are signed out, a random anonymous ID. Analytics data stays in our own systems; we do not use third-party advertising or analytics trackers.

**Device and log data.** IP address, browser and operating system, screen size, language, and request logs. When something breaks, error reports may include the page, the browser, the error and your account ID.

**Messages.** What you send us at {email} or through support forms.

## Cookies and local storage

We use only the cookies and browser storage needed to run {product} and measure it ourselves. We do not use advertising cookies.

| Name | Type | Purpose | Lifetime |
| --- | --- | --- | --- |
| Session cookie | Cookie (HTTP-only) | Keeps you signed in; holds a random session identifier that points to the session record in our database | Until you sign out or the session expires |
| \`studio_theme\` | Cookie (HTTP-only) | Remembers your light or dark theme choice | 1 year |
| \`studio_toast\` | Cookie (HTTP-only) | Carries a one-time on-screen message (such as "Saved") to the next page | 60 seconds |
| \`studioCountdownMainCycleOffer_expirationDateSeen\` | Cookie | Remembers when the countdown offer you were shown ends, so the timer is the same on every visit | Until the offer cycle ends, at most 30 days |
| \`studioCountdownMainCycleOffer_lastSeenCurrentOffer\` | Cookie | Remembers which offer you last saw, so we show you the current one and not an expired one | Until the offer cycle ends, at most 30 days |
| \`studio_attribution\` | Cookie (HTTP-only) | Remembers the campaign or referral link you first arrived from (utm parameters, referral and discount codes, landing page) so sign-ups and purchases are attributed to it; cleared after a purchase | 30 days |
| \`friendReferral\` | Cookie | Stores the referral code from a friend's link so the discount and reward apply at checkout | 30 days |
| \`studio_cartitems\` | Local storage | Keeps the items in your cart between visits and before you sign in | Until you check out, empty your cart, or clear site data |
| \`attribution_{id}\` | Local storage | Stores the utm parameters, referral code and landing page of a visit, one entry per visit | 30 days |
| \`dx_non_auth_user_id\` | Local storage | A random anonymous ID that links analytics events while you are signed out; linked to your account when you sign in | Until you clear site data |

You can block or delete cookies and local storage in your browser. Blocking the session cookie will stop you from signing in, and clearing local storage empties a signed-out cart.

## How we use your data

- **To provide {product}** (performing our contract with you): accounts and sign-in, carts and checkout, access to classes and memberships, progress tracking, creator storefronts, apps and payouts, and generating personalized plans from onboarding answers.
- **To bill and renew** memberships, subscriptions and studio tiers, apply trials, credits, offers and referral rewards, and process cancellations and refunds.
- **To email you** sign-in and verification codes, receipts, trial and renewal reminders, and account notices. We send marketing email only if you opt in, and every marketing email has an unsubscribe link.
- **To understand and improve {product}** (our legitimate interests): analytics on which pages, classes and campaigns work, and attribution of sign-ups and purchases to campaigns and referrals.
- **To keep {product} secure and working** (legitimate interests): preventing fraud, trial and refund abuse, investigating errors and enforcing our Terms.
- **To meet legal obligations**: tax and accounting records, responding to lawful requests and handling copyright notices.

We do not sell your personal data, and we do not share it for cross-context behavioral advertising.

## Who we share it with

We use service providers (processors) that handle data only on our instructions and under contract:

- **Cloudflare** hosts {product}: our application, database, file storage for videos and images, and caching run on Cloudflare's network, which also processes IP addresses for security and delivery.
- **Stripe** processes payments, subscriptions, refunds and creator payouts. Stripe is also an independent controller for its own fraud-prevention and legal duties.
- **Our email provider** delivers sign-in codes, receipts and notices.
- **Sentry** receives error reports so we can fix bugs.
- **Our AI model provider** receives onboarding answers only to generate a personalized plan, without your name or email address.

Google and Apple receive information under their own privacy policies when you choose to sign in with them. We share data with creators as described below, and may disclose data when required by law, to protect rights and safety, or to a successor in a merger or acquisition, which would remain bound by this policy.

**Creators.** When you buy a creator's class, the creator sees your name, what you bought and your aggregate progress, not your payment details. When you use a creator's app, the creator decides what the questionnaire asks and receives your answers and plan. For that data the creator is an independent controller, and their own privacy notice applies; contact the creator for their handling of it. We store it for them and honor deletion requests made to us.

## How long we keep it

- **Account and profile data:** while your account is open. After you ask us to delete your account, we delete or anonymize it within 30 days.
- **Orders, payments and refunds:** 7 years, for tax and accounting law.
- **Learning progress and onboarding answers:** while the account exists, or until the creator deletes the app.
- **Sessions:** until sign-out or expiry; expired sessions are purged regularly.
- **Analytics events:** 24 months, then deleted or aggregated so they no longer identify you.
- **Attribution data:** 30 days in your browser; once attached to a sign-up or order it is kept with that record.
- **Server logs:** 30 days. **Error reports in Sentry:** 90 days.
- **Backups:** overwritten within 30 days.

## Your rights

Wherever you live, you can ask us to:

- **access** the personal data we hold about you;
- **correct** inaccurate data (most profile details can be edited in your account settings);
- **delete** your account and data, except what we must keep by law, such as order records;
- **export** your data in a portable, machine-readable format.

**EEA, UK and Switzerland (GDPR).** You also have the rights to object to processing based on legitimate interests, to restrict processing, and to withdraw consent at any time. You may complain to your local data protection authority.

**California (CCPA/CPRA).** You have the right to know what personal information we collect, use and disclose, to delete and correct it, and to opt out of its sale or sharing. We do not sell or share it, and we do not use sensitive personal information to infer characteristics about you. We will not discriminate against you for exercising these rights. An authorized agent may make a request for you with your signed permission.

To make a request, email {email} from the address on your account. We may need to verify your identity. We reply within 30 days, or within the time your law allows.

## Children

{product} is not for children under 13, or under 16 in the European Economic Area, the UK and Switzerland. We do not knowingly collect their personal data. If you believe a child has given us personal data, write to {email} and we will delete it.

## International transfers

We are based in the United States, and our providers may process data in the US and other countries. When we transfer personal data from the EEA, UK or Switzerland, we rely on the European Commission's Standard Contractual Clauses and their UK and Swiss equivalents, or on an adequacy decision such as the EU-US Data Privacy Framework where the recipient is certified.

## Security

All traffic to {product} is encrypted with TLS. Passwords are salted and hashed, sessions are stored server-side so they can be ended at once by signing out, card data stays with Stripe, and access to production data is limited to staff who need it. No system is perfectly secure; if a breach affects your personal data, we will notify you and the authorities as the law requires.

## Changes to this policy

If we change this policy materially, we will email account holders and post a notice on {product} before the change takes effect. The effective date above shows when it was last updated.

## Contact

For privacy questions or requests, contact {email}.
`;
