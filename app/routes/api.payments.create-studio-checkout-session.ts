import { jsonError, methodNotAllowed, signedInAction } from "~/http/api.server";
import { studioCheckoutLine } from "~/features/builder/builder.server";
import { builderMessages } from "~/features/builder/rules";
import { studioCheckoutBody } from "~/features/builder/schema";
import { openDirectCheckout } from "~/features/checkout/direct.server";
import { checkoutVisitOf } from "~/http/checkout.server";
import { sameOriginPath } from "~/platform/redirect";

/** POST /api/payments/create-studio-checkout-session {price_option_id, success_url, cancel_url, tier_slug} (auth) → {url, sessionId}. */
export const action = signedInAction(studioCheckoutBody, async ({ input, app, user, request }) => {
  const origin = new URL(request.url).origin;
  // Only paths on this site: a checkout must never send a buyer elsewhere.
  const successPath = sameOriginPath(input.success_url, origin);
  const cancelPath = sameOriginPath(input.cancel_url, origin);
  if (!successPath || !cancelPath) return jsonError(400, builderMessages.badPath);
  const line = await studioCheckoutLine(app, user.id, {
    priceOptionId: input.price_option_id,
    tierSlug: input.tier_slug,
  });
  const opened = await openDirectCheckout(app, checkoutVisitOf(request), user, {
    line,
    successPath,
    cancelPath,
    idempotencyKey: `studio-api:${crypto.randomUUID()}`,
  });
  if (!opened.ok) return jsonError(opened.status, opened.formError ?? builderMessages.priceOptionUnknown);
  return { url: opened.url, sessionId: opened.session.id, response: { url: opened.url, sessionId: opened.session.id } };
});
export const loader = methodNotAllowed;
