/** The stored attribution record (spec 3 "Attribution record"), as the cookie and local storage hold it. */
import { z } from "zod";

const value = z.string().min(1).max(200);

export const attributionSchema = z.object({
  utm_source: value.optional(),
  utm_medium: value.optional(),
  utm_term: value.optional(),
  utm_campaign: value.optional(),
  utm_content: value.optional(),
  ref: value.optional(),
  code: value.optional(),
  source: value.optional(),
  friend: value.optional(),
  aaCampaign: value.optional(),
  // Spec 9 keeps slug and p with the attribution keys in local storage.
  slug: value.optional(),
  p: value.optional(),
  landingPage: z.string().min(1).max(500),
  timestamp: z.string().datetime({ offset: true }),
});

export type Attribution = z.infer<typeof attributionSchema>;

/** A stored value (the cookie's or local storage's JSON) as a record, or null when it is not one. */
export function parseAttribution(raw: unknown): Attribution | null {
  let value = raw;
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  const parsed = attributionSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
