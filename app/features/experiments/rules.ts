/**
 * Experiments' rules without I/O: which variant a subject gets (a hash of the experiment's key and
 * the subject's id onto the variants' weights), whether an experiment is running, and the Wilson
 * score interval the report shows for a conversion rate.
 */
import type { ExperimentVariant } from "~/db/schema";

export type { ExperimentVariant };

/** The experiment the home hero's A/B test runs under. */
export const HOME_HERO_EXPERIMENT = "home-hero";

/**
 * The cookie a browser remembers its variants in ("experiment:variant", comma separated), so a
 * returning visitor's shared page needs no database read. The stored assignment stays the truth: a
 * remembered variant the experiment no longer has is ignored.
 */
export const VARIANTS_COOKIE = "studio_variants";

const REMEMBERED = /^([a-z0-9-]{1,64}):([A-Za-z0-9_-]{1,40})$/;

/** The variants a cookie value remembers (malformed entries are ignored). */
export function variantsInCookie(value: string | undefined): Record<string, string> {
  const variants: Record<string, string> = {};
  for (const entry of (value ?? "").split(",")) {
    const match = REMEMBERED.exec(entry.trim());
    if (match) variants[match[1]] = match[2];
  }
  return variants;
}

/** The cookie value remembering these variants, in a stable order. */
export function variantsCookieValue(variants: Readonly<Record<string, string>>): string {
  return Object.keys(variants)
    .sort()
    .map((key) => `${key}:${variants[key]}`)
    .join(",");
}

/** What decides a variant: the experiment's variants (the first is the control) and its window. */
export type ExperimentWindow = { variants: ExperimentVariant[]; startsAt: number; stopsAt: number | null };

/**
 * FNV-1a (32 bit) of a string's UTF-16 code units, then a murmur3 finaliser so neighbouring ids
 * spread evenly: a stable, fast hash that is the same on the server, in tests and in any other
 * language that reimplements it.
 */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export function totalWeight(variants: readonly ExperimentVariant[]): number {
  return variants.reduce((sum, v) => sum + Math.max(0, Math.floor(v.weight)), 0);
}

/**
 * The subject's point in [0, total weight): the same experiment and subject always land on the same
 * point; a different experiment reshuffles everyone (the key is part of the hash).
 */
export function assignmentPoint(experimentKey: string, subjectId: string, total: number): number {
  return total > 0 ? hash32(`${experimentKey}:${subjectId}`) % total : 0;
}

/**
 * The variant a subject gets: the variant whose share of [0, total weight) holds the subject's
 * point. Deterministic (no clock, no randomness), so without any stored row the answer is the same.
 */
export function pickVariant(experimentKey: string, subjectId: string, variants: readonly ExperimentVariant[]): string {
  const total = totalWeight(variants);
  let point = assignmentPoint(experimentKey, subjectId, total);
  for (const v of variants) {
    const weight = Math.max(0, Math.floor(v.weight));
    if (point < weight) return v.key;
    point -= weight;
  }
  return variants[0]?.key ?? "A";
}

/** The control: the first variant, what everyone sees outside the experiment's window. */
export function controlOf(variants: readonly ExperimentVariant[]): string {
  return variants[0]?.key ?? "A";
}

/** Running: started (at or after startsAt) and not yet stopped (before stopsAt, when set). */
export function isRunning(experiment: Pick<ExperimentWindow, "startsAt" | "stopsAt">, now: number): boolean {
  return now >= experiment.startsAt && (experiment.stopsAt === null || now < experiment.stopsAt);
}

export type ExperimentStatus = "scheduled" | "running" | "stopped";

export function statusOf(experiment: Pick<ExperimentWindow, "startsAt" | "stopsAt">, now: number): ExperimentStatus {
  if (experiment.stopsAt !== null && now >= experiment.stopsAt) return "stopped";
  return now < experiment.startsAt ? "scheduled" : "running";
}

/** z for a two-sided 95% interval. */
export const Z_95 = 1.959963984540054;

/**
 * The Wilson score interval of a proportion (successes out of trials) as fractions in [0, 1]: unlike
 * p ± z·√(p(1−p)/n) it stays inside [0, 1] and is honest for small samples and for 0 or n successes.
 * Null when there are no trials.
 */
export function wilsonInterval(successes: number, trials: number, z = Z_95): { low: number; high: number } | null {
  if (!(trials > 0)) return null;
  const k = Math.min(Math.max(successes, 0), trials);
  const p = k / trials;
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const margin = (z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / denominator;
  // At 0 or n successes the bound is exactly 0 or 1 (floating point would leave 1e-17).
  return {
    low: k === 0 ? 0 : Math.max(0, centre - margin),
    high: k === trials ? 1 : Math.min(1, centre + margin),
  };
}
