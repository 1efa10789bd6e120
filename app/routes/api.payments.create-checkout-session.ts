import { PAYMENT_MESSAGES } from "~/features/apps/payment-options";
import { appPaths, buyAppPlan } from "~/features/apps/payment-options.server";
import { createCheckoutSessionSchema } from "~/features/apps/schema";
import { jsonError, methodNotAllowed, signedInAction } from "~/http/api.server";
import { checkoutVisitOf } from "~/http/checkout.server";
import { sameOriginPath } from "~/platform/redirect";

/**
 * POST /api/payments/create-checkout-session {userId, storefrontSlug, appSlug, priceOptionId,
 * successUrl, cancelUrl, metadata} → {url, sessionId}. The price is the app's published price; the
 * signed-in user buys (userId, when sent, must be theirs).
 */
export const action = signedInAction(createCheckoutSessionSchema, async ({ input, user, app, request }) => {
  if (input.userId && input.userId !== user.id) return jsonError(403, "You can only buy a plan for yourself");
  const origin = new URL(request.url).origin;
  const paths = appPaths(input.storefrontSlug, input.appSlug);
  const opened = await buyAppPlan(app, checkoutVisitOf(request), user, {
    storefrontSlug: input.storefrontSlug,
    appSlug: input.appSlug,
    priceOptionId: input.priceOptionId,
    idempotencyKey: input.idempotencyKey ? `app-plan:${user.id}:${input.idempotencyKey}` : undefined,
    successPath: (input.successUrl && sameOriginPath(input.successUrl, origin)) || paths.success,
    cancelPath: (input.cancelUrl && sameOriginPath(input.cancelUrl, origin)) || paths.cancel,
  });
  if (!opened.ok) {
    const status =
      opened.status === 404 || opened.status === 400 || opened.status === 409 || opened.status === 503
        ? opened.status
        : 502;
    return jsonError(
      status,
      status === 502 ? PAYMENT_MESSAGES.createFailed : (opened.formError ?? PAYMENT_MESSAGES.createFailed),
    );
  }
  return { url: opened.url, sessionId: opened.session.id };
});
export const loader = methodNotAllowed;
