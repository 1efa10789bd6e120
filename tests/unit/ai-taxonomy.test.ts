import { describe, expect, it } from "vitest";
import type { PracticeDomain } from "~/platform/adapters/ai/embedded/domain";
import { TAXONOMY, domainById } from "~/platform/adapters/ai/embedded/taxonomy";

const RESERVED_KEYS = ["goal", "currentLevel", "daysPerWeek", "targetDate", "extras"];
const KEY = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;
const VALUE = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/;
const KEBAB_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SIGNATURE_WORD = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const HEX = /^#[0-9a-fA-F]{6}$/;
const PLACEHOLDER = /lorem|ipsum|\btodo\b|\btbd\b|\bxxx\b|placeholder|\bfoo\b|\bbar baz\b/i;
const GENERIC_WORDS = ["practice", "practise", "session", "sessions", "week", "goal", "training", "workout", "lesson"];

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** Every text a domain can put into an app (everything but id, signatureWords and colours). */
function textsOf(d: PracticeDomain): string[] {
  return [
    d.name,
    ...d.keywords,
    d.practitioner.one,
    d.practitioner.many,
    d.session.one,
    d.session.many,
    d.verb,
    d.targetLabel,
    ...d.goals.flatMap((g) => [g.value, g.label]),
    ...d.milestones,
    ...d.metrics.flatMap((m) => [m.key, m.label, m.unit]),
    ...d.questions.flatMap((q) => [
      q.key,
      q.label,
      q.unit ?? "",
      ...(q.options ?? []).flatMap((o) => [o.value, o.label]),
    ]),
    ...d.phases.flatMap((p) => [p.title, p.focus, ...p.sessions]),
    ...d.fillers.beginner,
    ...d.fillers.intermediate,
    ...d.fillers.advanced,
    ...d.extras.flatMap((e) => [e.value, e.label, e.session]),
    ...d.stories,
    ...d.quizzes,
    ...d.activities,
  ].filter((t) => t.length > 0);
}

/** Whole-word, case-insensitive: letters and digits on either side break the match; hyphens do not. */
function wordPattern(word: string): RegExp {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![a-z0-9])${escaped}(?![a-z0-9])`, "i");
}

function allStrings(d: PracticeDomain): string[] {
  return [...textsOf(d), ...d.signatureWords];
}

describe("embedded AI taxonomy", () => {
  it("holds at least 30 domains with unique kebab-case ids", () => {
    expect(TAXONOMY.length).toBeGreaterThanOrEqual(30);
    const ids = TAXONOMY.map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id, id).toMatch(KEBAB_ID);
  });

  it("finds a domain by id", () => {
    for (const d of TAXONOMY) expect(domainById(d.id)).toBe(d);
    expect(domainById("no-such-domain")).toBeUndefined();
  });

  it.each(TAXONOMY.map((d) => [d.id, d] as const))("%s respects every limit", (_id, d) => {
    const problems: string[] = [];
    const check = (ok: boolean, what: string) => {
      if (!ok) problems.push(what);
    };
    const len = (s: string, max: number, what: string) =>
      check(s.trim().length > 0 && s.length <= max, `${what} must be 1–${max} chars: "${s}" (${s.length})`);
    const count = (n: number, min: number, max: number, what: string) =>
      check(n >= min && n <= max, `${what} count ${n} not in ${min}–${max}`);

    len(d.name, 80, "name");
    check(d.keywords.length > 0, "keywords must not be empty");
    for (const k of d.keywords) check(k === k.toLowerCase() && k.trim() === k && k.length > 0, `keyword "${k}"`);
    check(new Set(d.keywords).size === d.keywords.length, "keywords must be unique");

    count(d.signatureWords.length, 4, 10, "signatureWords");
    for (const w of d.signatureWords) {
      check(SIGNATURE_WORD.test(w), `signature word "${w}" must be a lowercase whole word`);
      check(!GENERIC_WORDS.includes(w), `signature word "${w}" is too generic`);
    }
    check(new Set(d.signatureWords).size === d.signatureWords.length, "signatureWords must be unique");

    for (const s of [d.practitioner.one, d.practitioner.many, d.session.one, d.session.many, d.verb]) {
      len(s, 40, "practitioner/session/verb");
    }
    len(d.targetLabel, 40, "targetLabel");

    count(d.goals.length, 3, 4, "goals");
    for (const g of d.goals) {
      check(VALUE.test(g.value) && g.value.length <= 60, `goal value "${g.value}"`);
      len(g.label, 100, "goal label");
    }
    check(new Set(d.goals.map((g) => g.value)).size === d.goals.length, "goal values must be unique");

    count(d.milestones.length, 4, 6, "milestones");
    for (const m of d.milestones) len(m, 80, "milestone");

    count(d.metrics.length, 2, 4, "metrics");
    for (const m of d.metrics) {
      check(KEY.test(m.key), `metric key "${m.key}"`);
      len(m.label, 80, "metric label");
      len(m.unit, 20, "metric unit");
    }
    check(new Set(d.metrics.map((m) => m.key)).size === d.metrics.length, "metric keys must be unique");

    count(d.questions.length, 2, 3, "questions");
    for (const q of d.questions) {
      check(KEY.test(q.key), `question key "${q.key}" is not a valid userState key`);
      check(!RESERVED_KEYS.includes(q.key), `question key "${q.key}" is reserved`);
      len(q.label, 120, "question label");
      if (q.type === "single_choice" || q.type === "multiple_choice") {
        count(q.options?.length ?? 0, 3, 5, `options of ${q.key}`);
        for (const o of q.options ?? []) {
          check(VALUE.test(o.value) && o.value.length <= 60, `option value "${o.value}" of ${q.key}`);
          len(o.label, 100, "option label");
        }
        const values = (q.options ?? []).map((o) => o.value);
        check(new Set(values).size === values.length, `option values of ${q.key} must be unique`);
      }
      if (q.type === "number") {
        check(typeof q.min === "number" && typeof q.max === "number" && q.min < q.max, `min/max of ${q.key}`);
        check(typeof q.unit === "string" && q.unit.length > 0, `unit of ${q.key}`);
      }
    }
    const keys = d.questions.map((q) => q.key);
    check(new Set(keys).size === keys.length, "question keys must be unique");

    count(d.phases.length, 10, 14, "phases");
    for (const p of d.phases) {
      len(p.title, 80, "phase title");
      len(p.focus, 300, "phase focus");
      count(p.sessions.length, 1, 4, `sessions of "${p.title}"`);
      for (const s of p.sessions) len(s, 120, "phase session");
    }
    const levels = d.phases.map((p) => p.level);
    for (const level of ["beginner", "intermediate", "advanced"] as const) {
      check(levels.includes(level), `phases need at least one "${level}"`);
    }
    const allCount = levels.filter((l) => l === "all").length;
    check(allCount > levels.length / 2, `most phases must be "all" (${allCount}/${levels.length})`);
    check(new Set(d.phases.map((p) => p.title)).size === d.phases.length, "phase titles must be unique");

    for (const level of ["beginner", "intermediate", "advanced"] as const) {
      count(d.fillers[level].length, 2, 3, `${level} fillers`);
      for (const s of d.fillers[level]) len(s, 120, `${level} filler`);
    }

    count(d.extras.length, 2, 4, "extras");
    for (const e of d.extras) {
      check(VALUE.test(e.value) && e.value.length <= 60, `extra value "${e.value}"`);
      len(e.label, 100, "extra label");
      len(e.session, 120, "extra session");
    }

    count(d.stories.length, 3, 5, "stories");
    count(d.quizzes.length, 3, 5, "quizzes");
    count(d.activities.length, 3, 5, "activities");
    for (const t of [...d.stories, ...d.quizzes, ...d.activities]) len(t, 80, "story/quiz/activity title");

    check(HEX.test(d.colors.primary), `primary colour "${d.colors.primary}"`);
    check(HEX.test(d.colors.accent), `accent colour "${d.colors.accent}"`);
    if (HEX.test(d.colors.primary)) {
      const ratio = contrast(d.colors.primary, "#ffffff");
      check(ratio >= 4.5, `primary ${d.colors.primary} contrast with white is ${ratio.toFixed(2)} < 4.5`);
    }

    for (const s of allStrings(d)) check(!PLACEHOLDER.test(s), `placeholder text: "${s}"`);

    expect(problems, `${d.id}:\n  ${problems.join("\n  ")}`).toEqual([]);
  });

  it("uses each signature word in the domain's own content", () => {
    const missing: string[] = [];
    for (const d of TAXONOMY) {
      const texts = textsOf(d);
      for (const w of d.signatureWords) {
        if (!texts.some((t) => wordPattern(w).test(t))) missing.push(`${d.id}: "${w}"`);
      }
    }
    expect(missing, `signature words missing from their own domain:\n  ${missing.join("\n  ")}`).toEqual([]);
  });

  it("shares no keyword between domains", () => {
    const owner = new Map<string, string>();
    const shared: string[] = [];
    for (const d of TAXONOMY) {
      for (const k of d.keywords) {
        const other = owner.get(k);
        if (other && other !== d.id) shared.push(`"${k}" in ${other} and ${d.id}`);
        else owner.set(k, d.id);
      }
    }
    expect(shared, `shared keywords:\n  ${shared.join("\n  ")}`).toEqual([]);
  });

  it("shares no signature word between domains", () => {
    const owner = new Map<string, string>();
    const shared: string[] = [];
    for (const d of TAXONOMY) {
      for (const w of d.signatureWords) {
        const other = owner.get(w);
        if (other && other !== d.id) shared.push(`"${w}" in ${other} and ${d.id}`);
        else owner.set(w, d.id);
      }
    }
    expect(shared, `shared signature words:\n  ${shared.join("\n  ")}`).toEqual([]);
  });

  it("never leaks one domain's signature words into another domain", () => {
    const leaks: string[] = [];
    for (const owner of TAXONOMY) {
      const patterns = owner.signatureWords.map((w) => [w, wordPattern(w)] as const);
      for (const other of TAXONOMY) {
        if (other.id === owner.id) continue;
        for (const text of textsOf(other)) {
          for (const [word, pattern] of patterns) {
            if (pattern.test(text)) leaks.push(`${other.id} leaks "${word}" (${owner.id}) in: "${text}"`);
          }
        }
      }
    }
    expect(leaks, `${leaks.length} vocabulary leaks:\n  ${leaks.join("\n  ")}`).toEqual([]);
  });
});
