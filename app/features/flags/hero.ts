/**
 * The home hero's editable words (flag 'homepage-hero'): the spec's hero data an admin may change
 * at /admin without a deploy. The B words are what the 'home-hero' experiment's variant B shows; the
 * experiment's row only says who sees which variant and when.
 */
import { z } from "zod";

export const HERO_FLAG = "homepage-hero";

const isoDate = z.string().datetime({ offset: true });
/** A same-site path or an http(s) address. */
const link = z
  .string()
  .max(500)
  .refine((url) => (url.startsWith("/") && !url.startsWith("//")) || /^https?:\/\//i.test(url), {
    message: "must be a path on this site (/classes) or an http(s) address",
  });

export const heroPayloadSchema = z.object({
  title: z.string().min(1).max(120).optional(),
  description: z.string().min(1).max(400).optional(),
  titleB: z.string().min(1).max(120).optional(),
  descriptionB: z.string().min(1).max(400).optional(),
  descriptionAfterCountdown: z.string().min(1).max(400).optional(),
  countdownEndDate: isoDate.optional(),
  yellowBannerLinkUrl: link.optional(),
});
export type HeroPayload = z.infer<typeof heroPayloadSchema>;

/** The payload of an enabled flag when it is usable, else nothing (the hero keeps its built-in words). */
export function heroPayloadFromFlag(flag: { enabled: boolean; payload: unknown }): HeroPayload {
  if (!flag.enabled) return {};
  const parsed = heroPayloadSchema.safeParse(flag.payload ?? {});
  return parsed.success ? parsed.data : {};
}
