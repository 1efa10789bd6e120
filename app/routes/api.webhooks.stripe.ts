import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { handleStripeWebhook } from "~/features/checkout/webhooks.server";
import { methodNotAllowed } from "~/http/api.server";

/** POST /api/webhooks/stripe: Stripe's events (signed; cross-site by nature, so exempt from the Origin check). */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  return handleStripeWebhook(context.app, request);
}
export const loader = methodNotAllowed;
