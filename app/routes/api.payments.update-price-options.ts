import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiJson, methodNotAllowed } from "~/http/api.server";
import { visitorOf } from "~/http/visitor.server";
import { openOwnedApp, updatePricing } from "~/features/builder/builder.server";
import { builderMessages } from "~/features/builder/rules";
import { priceOptionsBody } from "~/features/builder/schema";
import { ServiceError } from "~/platform/service-error";

const failed = (status: number, detail: string) =>
  Response.json({ success: false, error: builderMessages.pricingFailed, detail }, { status });

/**
 * POST /api/payments/update-price-options {appId, monthlyPrice, annualPrice, annualDurationUnit}
 * (auth; prices in cents) → {success:true}. Every failure, 401 included, is the spec's
 * {success:false, error:'Failed to update pricing'}, which is why it is not one of the wrappers.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const app = context.app;
  const { user } = await visitorOf(app, request, { bearer: true });
  if (!user) return failed(401, "User is not authenticated");
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return failed(400, "The body must be JSON");
  }
  const parsed = priceOptionsBody.safeParse(body);
  if (!parsed.success) return failed(400, parsed.error.issues[0]?.message ?? "Invalid request");
  try {
    const row = await openOwnedApp(app, user, parsed.data.appId);
    await updatePricing(app, row, {
      monthlyPrice: parsed.data.monthlyPrice,
      annualPrice: parsed.data.annualPrice,
      annualDurationUnit: parsed.data.annualDurationUnit,
    });
  } catch (error) {
    if (error instanceof ServiceError) return failed(error.failure === "not-found" ? 404 : 403, error.message);
    console.error("update-price-options failed", error);
    return failed(500, builderMessages.pricingFailed);
  }
  return apiJson({ success: true });
}
export const loader = methodNotAllowed;
