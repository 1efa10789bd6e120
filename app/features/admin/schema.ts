/** The /admin forms (conform): a user's flag, and a feature flag. */
import { z } from "zod";

export const userFlagSchema = z.object({
  intent: z.literal("user-flag"),
  userId: z.string().uuid(),
  flag: z.enum(["isStudioVip", "isCreator", "hasNewDashboardAccess"]),
  value: z.enum(["on", "off"]),
  q: z.string().optional(),
});
export type UserFlagInput = z.output<typeof userFlagSchema>;

export const FLAG_KEY = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;
const FLAG_KEY_MESSAGE = "A flag key is letters, digits, '.', '_', ':' or '-' (at most 128).";

export const featureFlagSchema = z.object({
  intent: z.literal("flag"),
  key: z.string({ required_error: FLAG_KEY_MESSAGE }).trim().regex(FLAG_KEY, FLAG_KEY_MESSAGE),
  enabled: z.literal("on").optional(),
  payload: z.string().max(10_000, "The payload is too long.").optional(),
  q: z.string().optional(),
});
export type FeatureFlagInput = z.output<typeof featureFlagSchema>;
