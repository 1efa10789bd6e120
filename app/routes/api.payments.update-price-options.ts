import { openOwnedApp, updatePricing } from "~/features/builder/builder.server";
import { builderMessages } from "~/features/builder/rules";
import { priceOptionsBody } from "~/features/builder/schema";
import { apiJson, methodNotAllowed, signedInAction } from "~/http/api.server";
import { ServiceError } from "~/platform/service-error";

/**
 * POST /api/payments/update-price-options {appId, monthlyPrice, annualPrice, annualDurationUnit}
 * (auth; prices in cents) → {success:true}. Every failure, 401 included, is the spec's
 * {success:false, error:'Failed to update pricing'}, with what went wrong as its detail.
 */
export const action = signedInAction(
  priceOptionsBody,
  async ({ input, app, user }) => {
    const row = await openOwnedApp(app, user, input.appId);
    try {
      await updatePricing(app, row, {
        monthlyPrice: input.monthlyPrice,
        annualPrice: input.annualPrice,
        annualDurationUnit: input.annualDurationUnit,
      });
    } catch (error) {
      if (error instanceof ServiceError) throw error;
      console.error("update-price-options failed", error);
      return apiJson(
        { success: false, error: builderMessages.pricingFailed, detail: builderMessages.pricingFailed },
        { status: 500 },
      );
    }
    return { success: true };
  },
  { failure: (_status, detail) => ({ success: false, error: builderMessages.pricingFailed, detail }) },
);
export const loader = methodNotAllowed;
