/**
 * Onboarding flow rules (creator-app-builder spec 2 "/apps/{storefrontSlug}/{appSlug}/onboarding", 3
 * "Onboarding user state"): which pages a visitor sees (skip rules), where Next, Back and "resume"
 * go, and checking one page's answers against its questions. Pure: shared by the page (forms without
 * JavaScript), the JSON API and the tests.
 */
import type { OnboardingFlow, OnboardingPage, Question, SkipRule } from "~/db/app-content";

export type Answers = Record<string, unknown>;

/** pagesInfo as we store it: where the visitor is and which pages they have answered. */
export interface PagesInfo {
  currentPageId: string | null;
  completedPageIds: string[];
  totalPages?: number;
  [key: string]: unknown;
}

export const ANONYMOUS_SUBJECT = /^anon_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A creator's preview keeps its answers and plans apart under this step id (letters, digits, - and _). */
export const TESTING_STEP_ID = /^[A-Za-z0-9_-]{1,64}$/;
/**
 * The builder's own Preview link (?testingStepId=preview): every owner may use it without making a
 * persona. Any other step id must be one of the app's testing steps (the simulator's personas).
 */
export const BUILDER_PREVIEW_STEP = "preview";
export const PLAN_STEP = "plan";

export const onboardingMessages = {
  required: "This question needs an answer",
  number: "Enter a number",
  min: (min: number) => `Enter ${min} or more`,
  max: (max: number) => `Enter ${max} or less`,
  date: "Enter a date as YYYY-MM-DD",
  choice: "Choose one of the options",
  tooLong: "Keep it under 500 characters",
  appNotFound: "App not found",
  noFlow: "This app has no onboarding yet",
  badAnonymousId: "X-Non-Auth-User-Id must be 'anon_' followed by a UUID",
  noSubject: "User ID is required",
  badTestingStep: "testingStepId must be 1 to 64 letters, digits, - or _",
  testingOwnerOnly: "You do not have access to this app",
  unknownTestingStep: "testingStepId is not a test persona of this app",
} as const;

function answerText(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (Array.isArray(value)) return value.map(String).join(",");
  return String(value);
}

/** Whether a skip rule hides its page for these answers. */
export function skipMatches(rule: SkipRule | null | undefined, answers: Answers): boolean {
  if (!rule) return false;
  const given = answers[rule.key];
  const values = Array.isArray(given) ? given.map(String) : [answerText(given)];
  const equal = values.includes(rule.value);
  return rule.operator === "equals" ? equal : !equal;
}

/** The pages this visitor sees, in order, given their answers so far. */
export function visiblePages(flow: OnboardingFlow, answers: Answers): OnboardingPage[] {
  return flow.pages.filter((page) => !skipMatches(page.skipIf, answers));
}

export function pageById(flow: OnboardingFlow, id: string | null | undefined): OnboardingPage | null {
  return flow.pages.find((p) => p.id === id) ?? null;
}

/** The page after `pageId` that is not skipped, or null when `pageId` is the last one (the flow is complete). */
export function nextPage(flow: OnboardingFlow, pageId: string, answers: Answers): OnboardingPage | null {
  const index = flow.pages.findIndex((p) => p.id === pageId);
  if (index < 0) return visiblePages(flow, answers)[0] ?? null;
  return flow.pages.slice(index + 1).find((p) => !skipMatches(p.skipIf, answers)) ?? null;
}

/** The page before `pageId` that is not skipped, or null on the first page. */
export function previousPage(flow: OnboardingFlow, pageId: string, answers: Answers): OnboardingPage | null {
  const index = flow.pages.findIndex((p) => p.id === pageId);
  if (index <= 0) return null;
  return (
    flow.pages
      .slice(0, index)
      .reverse()
      .find((p) => !skipMatches(p.skipIf, answers)) ?? null
  );
}

/** "Step n of m" for a page among the visible ones (n counts from 1). */
export function stepNumber(flow: OnboardingFlow, pageId: string, answers: Answers): { n: number; m: number } {
  const pages = visiblePages(flow, answers);
  const index = pages.findIndex((p) => p.id === pageId);
  return { n: index < 0 ? 1 : index + 1, m: Math.max(pages.length, 1) };
}

/** Where a returning visitor resumes: the first visible page not yet completed, or null when all are done. */
export function resumePage(
  flow: OnboardingFlow,
  answers: Answers,
  pagesInfo: Partial<PagesInfo> | null | undefined,
): OnboardingPage | null {
  const done = new Set(Array.isArray(pagesInfo?.completedPageIds) ? pagesInfo!.completedPageIds.map(String) : []);
  return visiblePages(flow, answers).find((p) => !done.has(p.id)) ?? null;
}

/** Normalises pagesInfo from storage or a client into our shape (unknown keys kept). */
export function readPagesInfo(raw: unknown): PagesInfo {
  const value = raw && typeof raw === "object" && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const completed = Array.isArray(value.completedPageIds)
    ? value.completedPageIds.filter((id): id is string => typeof id === "string")
    : [];
  return {
    ...value,
    currentPageId: typeof value.currentPageId === "string" ? value.currentPageId : null,
    completedPageIds: [...new Set(completed)],
  };
}

/** pagesInfo after a page is answered: the page completed, the current page moved on. */
export function pagesInfoAfter(flow: OnboardingFlow, before: PagesInfo, pageId: string, answers: Answers): PagesInfo {
  const next = nextPage(flow, pageId, answers);
  const completed = before.completedPageIds.includes(pageId)
    ? before.completedPageIds
    : [...before.completedPageIds, pageId];
  return {
    ...before,
    currentPageId: next ? next.id : PLAN_STEP,
    completedPageIds: completed,
    totalPages: visiblePages(flow, answers).length,
  };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function isRealDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

export type FieldValue = string | string[] | undefined;

/**
 * One question's raw value (form fields are strings; the JSON API may send numbers and arrays) →
 * the stored answer, or an error in words. An empty optional answer is undefined (not stored).
 */
export function validateAnswer(
  question: Question,
  raw: unknown,
): { ok: true; value: unknown } | { ok: false; error: string } {
  const list = (Array.isArray(raw) ? raw : raw === undefined || raw === null || raw === "" ? [] : [raw])
    .map((v) => String(v).trim())
    .filter(Boolean);
  const text = list[0] ?? "";
  const empty = question.type === "multiple_choice" ? list.length === 0 : text === "";
  if (empty)
    return question.required ? { ok: false, error: onboardingMessages.required } : { ok: true, value: undefined };
  switch (question.type) {
    case "single_choice": {
      const values = (question.options ?? []).map((o) => o.value);
      return values.includes(text) ? { ok: true, value: text } : { ok: false, error: onboardingMessages.choice };
    }
    case "multiple_choice": {
      const values = new Set((question.options ?? []).map((o) => o.value));
      const chosen = [...new Set(list)];
      return chosen.every((v) => values.has(v))
        ? { ok: true, value: chosen }
        : { ok: false, error: onboardingMessages.choice };
    }
    case "number":
    case "slider": {
      const n = Number(text);
      if (!Number.isFinite(n)) return { ok: false, error: onboardingMessages.number };
      if (question.min !== undefined && n < question.min)
        return { ok: false, error: onboardingMessages.min(question.min) };
      if (question.max !== undefined && n > question.max)
        return { ok: false, error: onboardingMessages.max(question.max) };
      return { ok: true, value: n };
    }
    case "date":
      return isRealDate(text) ? { ok: true, value: text } : { ok: false, error: onboardingMessages.date };
    case "short_text":
      return text.length > 500 ? { ok: false, error: onboardingMessages.tooLong } : { ok: true, value: text };
  }
}

/** The first page the visitor sees whose answers its questions would not take, or null when all would. */
export function firstPageToFix(flow: OnboardingFlow, answers: Answers): OnboardingPage | null {
  return visiblePages(flow, answers).find((page) => !validatePage(page, answers).ok) ?? null;
}

export type PageCheck = { ok: true; answers: Answers } | { ok: false; fieldErrors: Record<string, string> };

/**
 * Checks a page's answers (keyed by question.key) against its questions: every required one given,
 * numbers within min/max, real dates, choices among the options. The answers come back typed.
 */
export function validatePage(page: OnboardingPage, raw: Record<string, unknown>): PageCheck {
  const answers: Answers = {};
  const fieldErrors: Record<string, string> = {};
  for (const question of page.questions) {
    const result = validateAnswer(question, raw[question.key]);
    if (!result.ok) fieldErrors[question.key] = result.error;
    else answers[question.key] = result.value;
  }
  return Object.keys(fieldErrors).length > 0 ? { ok: false, fieldErrors } : { ok: true, answers };
}

/** A page's fields from a form post: multiple-choice questions read every value, the others one. */
export function pageFields(
  page: OnboardingPage,
  form: { get(name: string): unknown; getAll(name: string): unknown[] },
): Record<string, FieldValue> {
  const fields: Record<string, FieldValue> = {};
  for (const q of page.questions) {
    if (q.type === "multiple_choice")
      fields[q.key] = form.getAll(q.key).filter((v): v is string => typeof v === "string");
    else {
      const value = form.get(q.key);
      fields[q.key] = typeof value === "string" ? value : undefined;
    }
  }
  return fields;
}

/** Merges a page's answers into the saved ones: answers emptied on this page are removed. */
export function mergeAnswers(before: Answers, page: OnboardingPage, answers: Answers): Answers {
  const merged: Answers = { ...before };
  for (const q of page.questions) {
    if (answers[q.key] === undefined) delete merged[q.key];
    else merged[q.key] = answers[q.key];
  }
  return merged;
}

/** An onboarding page's address (?step= the page; ?testingStepId= the owner's preview). */
export function onboardingPath(
  storefrontSlug: string,
  appSlug: string,
  query: { step?: string | null; testingStepId?: string | null } = {},
) {
  const params = new URLSearchParams();
  if (query.step) params.set("step", query.step);
  if (query.testingStepId) params.set("testingStepId", query.testingStepId);
  const search = params.toString();
  return `/apps/${storefrontSlug}/${appSlug}/onboarding${search ? `?${search}` : ""}`;
}

/** The plan page's address. */
export function planPath(storefrontSlug: string, appSlug: string, testingStepId?: string | null) {
  return `/apps/${storefrontSlug}/${appSlug}/onboarding/plan${testingStepId ? `?testingStepId=${encodeURIComponent(testingStepId)}` : ""}`;
}

/**
 * Spec 3: the user state may carry planRegenerationRequested. When it is true, the plan requested
 * with it is a new one (as forceRegenerate), and the flag itself is not an answer the plan reads.
 */
export function planRequestOf(userState: Record<string, unknown>): {
  answers: Record<string, unknown>;
  regenerate: boolean;
} {
  const { planRegenerationRequested, ...answers } = userState;
  return { answers, regenerate: planRegenerationRequested === true };
}
