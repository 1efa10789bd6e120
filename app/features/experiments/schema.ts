/** The admin's experiment forms (conform): define or edit one, and stop one. */
import { z } from "zod";
import type { ExperimentVariant } from "./rules";

export const EXPERIMENT_KEY = /^[a-z0-9][a-z0-9-]{0,63}$/;
const KEY_MESSAGE = "A key is lower-case letters, digits and '-' (at most 64), like home-hero.";
const VARIANT_KEY = /^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
export const MAX_VARIANTS = 8;

/** Midnight UTC of a real day written YYYY-MM-DD, else null. */
function dayMs(text: string): number | null {
  if (!ISO_DAY.test(text)) return null;
  const ms = Date.parse(`${text}T00:00:00Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().startsWith(text) ? ms : null;
}

/**
 * "A 50, B 50": each variant's name and weight, the first being the control. Names are letters,
 * digits, '-' or '_'; weights whole numbers from 1 to 1000.
 */
export function parseVariants(
  text: string,
): { ok: true; variants: ExperimentVariant[] } | { ok: false; error: string } {
  const parts = text
    .split(/[,\n]/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length < 2) return { ok: false, error: "Give at least two variants with weights, like “A 50, B 50”." };
  if (parts.length > MAX_VARIANTS) return { ok: false, error: `Give at most ${MAX_VARIANTS} variants.` };
  const variants: ExperimentVariant[] = [];
  for (const part of parts) {
    const match = /^(\S+?)\s*(?:[:=]|\s)\s*(\d+)$/.exec(part);
    const key = match?.[1];
    const weight = Number(match?.[2]);
    if (!key || !VARIANT_KEY.test(key))
      return { ok: false, error: `“${part}” is not a variant and a weight, like “B 50”.` };
    if (!Number.isInteger(weight) || weight < 1 || weight > 1000)
      return { ok: false, error: `The weight of ${key} must be a whole number from 1 to 1000.` };
    if (variants.some((v) => v.key === key)) return { ok: false, error: `${key} is named twice.` };
    variants.push({ key, weight });
  }
  return { ok: true, variants };
}

/** The variants as the form shows them. */
export const variantsText = (variants: readonly ExperimentVariant[]) =>
  variants.map((v) => `${v.key} ${v.weight}`).join(", ");

export const experimentSchema = z
  .object({
    intent: z.literal("save"),
    /** Set when editing: the key of the experiment being edited (the key itself cannot change). */
    editing: z.string().optional(),
    key: z.string({ required_error: KEY_MESSAGE }).trim().regex(EXPERIMENT_KEY, KEY_MESSAGE),
    description: z.string().trim().max(500, "Keep the description under 500 characters.").default(""),
    variants: z.string({ required_error: "Give at least two variants with weights, like “A 50, B 50”." }).max(400),
    startsOn: z.string({ required_error: "Choose the day it starts." }).trim(),
    stopsOn: z.string().trim().optional(),
  })
  .transform((input, ctx) => {
    const variants = parseVariants(input.variants);
    if (!variants.ok) ctx.addIssue({ code: "custom", path: ["variants"], message: variants.error });
    const startsAt = dayMs(input.startsOn);
    if (startsAt === null)
      ctx.addIssue({
        code: "custom",
        path: ["startsOn"],
        message: "The start is not a real date. Use a date like 2026-03-01.",
      });
    const stopDay = input.stopsOn ? dayMs(input.stopsOn) : null;
    if (input.stopsOn && stopDay === null)
      ctx.addIssue({
        code: "custom",
        path: ["stopsOn"],
        message: "The last day is not a real date. Use a date like 2026-03-31.",
      });
    if (startsAt !== null && stopDay !== null && stopDay < startsAt)
      ctx.addIssue({ code: "custom", path: ["stopsOn"], message: "The last day must be on or after the start." });
    if (input.editing !== undefined && input.editing !== input.key)
      ctx.addIssue({ code: "custom", path: ["key"], message: "The key of an experiment cannot change." });
    if (!variants.ok || startsAt === null || (input.stopsOn && stopDay === null)) return z.NEVER;
    return {
      key: input.key,
      isNew: input.editing === undefined,
      description: input.description,
      variants: variants.variants,
      startsAt,
      // The last day is included: the experiment stops at the end of it (UTC).
      stopsAt: stopDay === null ? null : stopDay + 86_400_000,
    };
  });
export type ExperimentInput = z.output<typeof experimentSchema>;

export const stopExperimentSchema = z.object({
  intent: z.literal("stop"),
  key: z.string().regex(EXPERIMENT_KEY),
});
export type StopExperimentInput = z.output<typeof stopExperimentSchema>;
