/** The apps area's form inputs (one zod schema per form, used by the route's parseSubmission). */
import { z } from "zod";

/** The PlanPicker's buy form on an app's landing page (POST /apps/{sf}/{app}/buy). */
export const buyFormSchema = z.object({
  priceOptionId: z.string({ required_error: "Choose a plan" }).trim().min(1, "Choose a plan").max(100),
  idempotencyKey: z.string().trim().max(100).optional(),
});

/** A yes/no query parameter of the apps API: true, "true" or "1" is yes; anything else, or none, is no. */
export const apiFlag = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0"])])
  .optional()
  .transform((v) => v === true || v === "true" || v === "1");

const appIdSchema = z.string({ required_error: "appId is required" }).uuid("appId must be an app id");

/** POST /api/apps/updateApp {appId, canvasSettings} or {appId, name?, isIdea?}. */
export const updateAppSchema = z
  .object({
    appId: appIdSchema,
    name: z.string().trim().min(1, "name must not be empty").max(80, "name must be at most 80 characters").optional(),
    isIdea: z.boolean().optional(),
    canvasSettings: z
      .record(z.unknown())
      .refine((v) => JSON.stringify(v).length <= 50_000, "canvasSettings is too large")
      .optional(),
  })
  .strict();

/** ?appId= of POST /api/app-builder/updateRecentlyOpened. */
export const appIdQuerySchema = z.object({ appId: appIdSchema });

/** POST /api/app-builder/update-app-is-idea {appId, isIdea}. */
export const appIsIdeaSchema = z.object({
  appId: appIdSchema,
  isIdea: z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")], {
    required_error: "isIdea is required",
    invalid_type_error: "isIdea must be true or false",
  }),
});

const sameSite = z.string().max(2000).optional();

/** POST /api/payments/create-checkout-session: the price option of a published app, and where to return. */
export const createCheckoutSessionSchema = z.object({
  userId: z.string().max(100).optional(),
  storefrontSlug: z.string({ required_error: "storefrontSlug is required" }).min(1).max(120),
  appSlug: z.string({ required_error: "appSlug is required" }).min(1).max(120),
  priceOptionId: z.string({ required_error: "priceOptionId is required" }).min(1).max(100),
  successUrl: sameSite,
  cancelUrl: sameSite,
  idempotencyKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,100}$/)
    .optional(),
  metadata: z.record(z.unknown()).optional(),
});

/** The apps section's forms on /dashboard: create, save the draft, open, mark as idea (by intent). */
export const creatorAppsFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), appIdea: z.string().optional() }),
  z.object({ intent: z.literal("save-draft"), appIdea: z.string().optional() }),
  z.object({ intent: z.literal("clear-draft") }),
  z.object({ intent: z.literal("open"), appId: z.string().uuid() }),
  z.object({ intent: z.literal("mark-idea"), appId: z.string().uuid(), isIdea: z.enum(["true", "false"]) }),
]);
