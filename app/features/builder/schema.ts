/** Inputs of the builder's JSON API (spec 7) and page forms. */
import { z } from "zod";
import { pricingSchema } from "~/features/apps/content";

const id = z.string().trim().min(1, "appId is required").max(64);

/** Bodies that carry content either wrapped ({appId, landingPageInfo}) or flat ({appId, ...content}). */
export const appIdBody = z.object({ appId: id }).passthrough();
export const contentBody = z.record(z.unknown());

export const versionHistoryQuery = z.object({
  appId: id,
  limit: z.coerce
    .number()
    .int()
    .min(1, "limit must be between 1 and 100")
    .max(100, "limit must be between 1 and 100")
    .default(20),
  cursor: z.string().trim().max(200).optional(),
});

export const landingHistoryQuery = z.object({ appId: id });

export const restoreFlowBody = z.object({
  app_id: id,
  version_id: z.string().trim().min(1, "version_id is required").max(64),
});
export const restoreLandingBody = z.object({
  appId: id,
  versionId: z.string().trim().min(1, "versionId is required").max(64),
});

/** POST /api/payments/update-price-options: prices already in cents. */
export const priceOptionsBody = z.object({
  appId: id,
  monthlyPrice: pricingSchema.shape.monthlyPrice,
  annualPrice: pricingSchema.shape.annualPrice.optional().transform((v) => v ?? null),
  annualDurationUnit: pricingSchema.shape.annualDurationUnit.default("years"),
});

export const studioCheckoutBody = z.object({
  price_option_id: z.string().trim().min(1, "price_option_id is required").max(64),
  success_url: z.string().trim().min(1, "success_url is required").max(500),
  cancel_url: z.string().trim().min(1, "cancel_url is required").max(500),
  tier_slug: z.string().trim().max(64).optional(),
});

export const noQuery = z.object({});
