/**
 * Testing onboarding info (spec 3, 7): a persona's answers to the app's onboarding, keyed by app and
 * testing step, editable in the simulator. Answers are checked against the draft flow's questions:
 * a key the flow does not ask is refused in words; an answer is typed as the question takes it (a
 * number, a date, one of the options); an empty answer is left out, since a persona may be half
 * made.
 */
import { and, eq } from "drizzle-orm";
import { onboardingFlowSchema, type Question } from "~/db/app-content";
import { testingOnboardingInfo, type AppRow } from "~/db/schema";
import { validateAnswer } from "~/features/onboarding/rules";
import type { AppContext } from "~/platform/context";
import { ServiceError } from "~/platform/service-error";
import { openSimulatorApp, testingStepOfApp, type Creator } from "./access.server";
import { simulatorMessages, TESTING_INFO_MAX } from "./rules";

export interface TestingInfoJson {
  appId: string;
  testingStepId: string;
  info: Record<string, unknown>;
  updatedAt: number | null;
}

/** The draft flow's questions by answer key (the persona previews the draft). */
export function draftQuestions(row: AppRow): Map<string, Question> {
  const flow = onboardingFlowSchema.safeParse(row.onboardingFlow);
  const questions = new Map<string, Question>();
  if (flow.success) for (const page of flow.data.pages) for (const q of page.questions) questions.set(q.key, q);
  return questions;
}

/** The persona's answers checked and typed against the questions, or the first problem in words. */
export function checkPersonaAnswers(
  questions: Map<string, Question>,
  info: Record<string, unknown>,
): { ok: true; info: Record<string, unknown> } | { ok: false; error: string; field?: string } {
  if (JSON.stringify(info).length > TESTING_INFO_MAX) return { ok: false, error: simulatorMessages.infoTooLarge };
  const keys = Object.keys(info);
  if (keys.length > 0 && questions.size === 0) return { ok: false, error: simulatorMessages.noQuestions };
  const unknown = keys.filter((k) => !questions.has(k));
  if (unknown.length > 0) return { ok: false, error: simulatorMessages.unknownQuestions(unknown) };
  const typed: Record<string, unknown> = {};
  for (const key of keys) {
    const question = questions.get(key)!;
    const raw = info[key];
    if (raw === undefined || raw === null || raw === "" || (Array.isArray(raw) && raw.length === 0)) continue;
    const checked = validateAnswer(question, raw);
    if (!checked.ok) return { ok: false, error: `${key}: ${checked.error}`, field: `info.${key}` };
    if (checked.value !== undefined) typed[key] = checked.value;
  }
  return { ok: true, info: typed };
}

export async function getTestingOnboardingInfo(
  app: AppContext,
  user: Creator,
  input: { appId: string; testingStepId: string },
): Promise<TestingInfoJson> {
  const row = await openSimulatorApp(app, user, input.appId);
  const step = await testingStepOfApp(app, row.id, input.testingStepId);
  const stored = await app.db
    .select()
    .from(testingOnboardingInfo)
    .where(and(eq(testingOnboardingInfo.appId, row.id), eq(testingOnboardingInfo.testingStepId, step.id)))
    .get();
  return { appId: row.id, testingStepId: step.id, info: stored?.info ?? {}, updatedAt: stored?.updatedAt ?? null };
}

/** Replaces the persona's answers (what it sends is all it answers). */
export async function saveTestingOnboardingInfo(
  app: AppContext,
  user: Creator,
  input: { appId: string; testingStepId: string; info: Record<string, unknown> },
): Promise<TestingInfoJson> {
  const row = await openSimulatorApp(app, user, input.appId);
  const step = await testingStepOfApp(app, row.id, input.testingStepId);
  const checked = checkPersonaAnswers(draftQuestions(row), input.info);
  if (!checked.ok)
    throw new ServiceError("invalid", checked.error, [{ field: checked.field ?? "info", message: checked.error }]);
  await app.db
    .insert(testingOnboardingInfo)
    .values({ appId: row.id, testingStepId: step.id, info: checked.info, createdAt: app.now, updatedAt: app.now })
    .onConflictDoUpdate({
      target: [testingOnboardingInfo.appId, testingOnboardingInfo.testingStepId],
      set: { info: checked.info, updatedAt: app.now },
    });
  return { appId: row.id, testingStepId: step.id, info: checked.info, updatedAt: app.now };
}
