/** The promotional yellow banner (flag 'homepage-yellow-banner-text'): its payload and display rules. */
import { z } from "zod";

export const BANNER_FLAG = "homepage-yellow-banner-text";
export const BANNER_THEMES = ["holiday", "sfschool", "spring"] as const;

export const bannerPayloadSchema = z.object({
  titleBoldText: z.string().min(1).max(120),
  descriptionText: z.string().max(300).default(""),
  descriptionTextAfterCountdown: z.string().max(300).optional(),
  countdownEndDate: z.string().datetime({ offset: true }).optional(),
  url: z.string().min(1).max(500).default("/classes"),
  specialTheme: z.enum(BANNER_THEMES).or(z.literal("none")).optional(),
});
export type BannerPayload = z.infer<typeof bannerPayloadSchema>;

export interface Banner {
  title: string;
  description: string;
  /** Set while the countdown runs: when the description will switch. */
  switchesAt: string | null;
  afterCountdown: string | null;
  url: string;
  theme: (typeof BANNER_THEMES)[number] | "none";
}

/** Only same-site paths and http(s) addresses are followed from a flag payload. */
function safeUrl(url: string): string {
  if (url.startsWith("/") && !url.startsWith("//")) return url;
  return /^https?:\/\//i.test(url) ? url : "/classes";
}

/**
 * The banner to show, or null when the flag is off or its payload is unusable. The description
 * switches to the 'after countdown' text once now is at or past the countdown end date.
 */
export function bannerFromFlag(flag: { enabled: boolean; payload: unknown }, now: number): Banner | null {
  if (!flag.enabled) return null;
  const parsed = bannerPayloadSchema.safeParse(flag.payload ?? {});
  if (!parsed.success) return null;
  const p = parsed.data;
  const end = p.countdownEndDate ? Date.parse(p.countdownEndDate) : NaN;
  const ended = Number.isFinite(end) && now >= end;
  const afterCountdown = p.descriptionTextAfterCountdown ?? null;
  return {
    title: p.titleBoldText,
    description: ended && afterCountdown !== null ? afterCountdown : p.descriptionText,
    switchesAt: !ended && Number.isFinite(end) ? new Date(end).toISOString() : null,
    afterCountdown,
    url: safeUrl(p.url),
    theme: p.specialTheme ?? "none",
  };
}
