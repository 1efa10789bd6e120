/**
 * /dashboard/builder?appId=<id>&mode=simulator: the simulator (issue 14; spec 7 "Editor, simulator
 * and testing"). The app as an end user sees it, run as one of the creator's test personas: landing
 * page → onboarding → plan → today → an activity, card by card; and the app's test flows, saved from
 * a run and replayed after an edit. Every control is a form post answered by a 303 back to the same
 * view with a toast, or the page again with the message in words (nothing changed).
 *
 * The page's query: `persona` (the testing step; without it, the one this creator last used in the
 * app), `screen` (landing, onboarding, plan, today, activity), `run` (the simulated activity run on
 * screen), `replay` (a replay job) and `flow`.
 * Everything it makes is the persona's (testingStepId), kept apart from real users' data; what the
 * frame shows is recorded as simulator items.
 */
import { data } from "@remix-run/cloudflare";
import type { Question } from "~/db/app-content";
import { onboardingFlowSchema } from "~/db/app-content";
import type { UserRow } from "~/db/schema";
import { getRun, listRuns, nextCard, answerCard, startRun, type RunView } from "~/features/activities/runs.server";
import { uploadUserFile } from "~/features/activities/uploads.server";
import { isAiCard, uploadTypeOf } from "~/features/activities/rules";
import { blueprintOf } from "~/features/builder/blueprint.server";
import { flowTarget, completeState } from "~/features/onboarding/onboarding.server";
import { checkAllAnswers } from "~/features/onboarding/api.server";
import { visiblePages } from "~/features/onboarding/rules";
import { createPersonalizedPlan, planView } from "~/features/plans/plans.server";
import { recordSimulatorItem, recordSimulatorItemOnce } from "~/features/simulator/items.server";
import {
  createTestingStep,
  deleteTestingStep,
  lastPersonaOf,
  listTestingSteps,
  rememberPersona,
  renameTestingStep,
} from "~/features/simulator/personas.server";
import { replayResult, startReplay } from "~/features/simulator/replay.server";
import { createPersonaBody, createTestFlowBody, renamePersonaBody } from "~/features/simulator/schema";
import { getTestingOnboardingInfo, saveTestingOnboardingInfo } from "~/features/simulator/testing-info.server";
import { createTestFlow, deleteTestFlow, listTestFlows, updateTestFlow } from "~/features/simulator/test-flows.server";
import { openSimulatorApp } from "~/features/simulator/access.server";
import { redirectWithToast } from "~/http/toast.server";
import { requireUser } from "~/http/visitor.server";
import { cardsHtml } from "~/features/activities/card-html.server";
import type { AppContext } from "~/platform/context";
import { ServiceError, type Failure } from "~/platform/service-error";
import { flowStepsOfRun, SIM_SCREENS, simulatorPath, type SimScreen, type SimView } from "~/features/simulator/rules";

export type SimulatorData = Awaited<ReturnType<typeof loadSimulator>>;
export type SimulatorAnswer = { error: string; intent: string };

/** A service's refusal as the page's status: a missing app is a 404, someone else's a 403. */
function asResponse(error: unknown): never {
  if (error instanceof ServiceError && (error.failure === "not-found" || error.failure === "forbidden"))
    throw new Response(error.message, { status: error.failure === "not-found" ? 404 : 403 });
  throw error;
}

function viewOf(url: URL): Required<SimView> {
  const screen = url.searchParams.get("screen") ?? "";
  const param = (name: string) => url.searchParams.get(name)?.slice(0, 64) || null;
  return {
    persona: param("persona"),
    screen: (SIM_SCREENS as readonly string[]).includes(screen) ? (screen as SimScreen) : "landing",
    run: param("run"),
    replay: param("replay"),
    flow: param("flow"),
  };
}

/** The draft onboarding's pages with their questions, for the persona's answers form. */
function draftPages(onboardingFlow: unknown) {
  const flow = onboardingFlowSchema.safeParse(onboardingFlow);
  return flow.success ? flow.data : null;
}

/** Records what the frame shows of the run: each AI card's result, once. */
async function recordRunCards(app: AppContext, user: UserRow, run: RunView) {
  for (const card of run.cards) {
    const result = run.results[card.id];
    if (!isAiCard(card) || !result || result.status === "pending") continue;
    await recordSimulatorItemOnce(app, user, {
      id: `card-${run.id}-${card.id}`,
      appId: run.appId,
      itemType: "activity-card",
      testingStepId: run.testingStepId,
      content: { runId: run.id, activityId: run.activityId, cardId: card.id, status: result.status, ...result.result },
    });
  }
}

export async function loadSimulator(app: AppContext, request: Request, user: UserRow, appId: string) {
  const url = new URL(request.url);
  const view = viewOf(url);
  const row = await openSimulatorApp(app, user, appId).catch(asResponse);
  const [personas, flows, blueprint, last] = await Promise.all([
    listTestingSteps(app, user, row.id),
    listTestFlows(app, user, { appId: row.id, loadAllForApp: false }),
    blueprintOf(app, row.id),
    lastPersonaOf(app, user, row.id),
  ]);
  // The persona asked for, else the one this creator last used here, else the first; what is shown is
  // remembered (on the server, so the simulator reopens on it with or without JavaScript).
  const persona =
    personas.find((p) => p.testingStepId === view.persona) ??
    personas.find((p) => p.testingStepId === last) ??
    personas[0] ??
    null;
  if (persona && persona.testingStepId !== last) await rememberPersona(app, user, row.id, persona.testingStepId);
  const flow = draftPages(row.onboardingFlow);
  const activities = (blueprint?.blueprint.items ?? []).flatMap((i) =>
    i.kind === "activity" ? [{ id: i.id, title: i.title, cards: i.cards.length }] : [],
  );

  let info: Record<string, unknown> = {};
  let plan: Awaited<ReturnType<typeof planView>> | null = null;
  let runs: RunView[] = [];
  let run: RunView | null = null;
  if (persona) {
    const step = persona.testingStepId;
    [info, plan, runs] = await Promise.all([
      getTestingOnboardingInfo(app, user, { appId: row.id, testingStepId: step }).then((i) => i.info),
      planView(app, row.id, user.id, step),
      listRuns(app, user.id, { appId: row.id, testingStepId: step, limit: 5 }),
    ]);
    const runId = view.run ?? (view.screen === "activity" ? (runs[0]?.id ?? null) : null);
    if (runId) {
      run = await getRun(app, user.id, runId).catch(() => null);
      if (run && run.testingStepId !== step) run = null;
    }
    if (plan.status === "completed" && plan.plan && plan.jobId)
      await recordSimulatorItemOnce(app, user, {
        id: `plan-${plan.jobId}`,
        appId: row.id,
        itemType: "plan",
        testingStepId: step,
        content: { jobId: plan.jobId, ...plan.plan },
      });
    if (run) await recordRunCards(app, user, run);
  }
  const replayJob = view.replay ? await replayResult(app, user, view.replay).catch(() => null) : null;
  return {
    kind: "simulator" as const,
    app: {
      id: row.id,
      name: row.name,
      theme: row.theme,
      landing: {
        title: row.landingPage.hero.title,
        subtitle: row.landingPage.hero.subtitle,
        ctaLabel: row.landingPage.hero.ctaLabel,
        benefits: row.landingPage.benefits.map((b) => b.title),
      },
    },
    view: { ...view, persona: persona?.testingStepId ?? null, run: run?.id ?? null },
    personas,
    persona,
    pages: (flow?.pages ?? []).map((p) => ({ id: p.id, title: p.title, questions: p.questions as Question[] })),
    shownPageIds: flow ? visiblePages(flow, info).map((p) => p.id) : [],
    info,
    plan,
    activities,
    runs: runs.map((r) => ({ id: r.id, title: r.title, status: r.status, summary: r.summaryAnalysisText })),
    run,
    /** The run's instructions, analyses and summaries as HTML. */
    cardHtml: run ? cardsHtml(run) : {},
    flows,
    replay: replayJob,
  };
}

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
};

/** A zod refusal's first message, as the service's "invalid". */
function parsed<T>(result: { success: true; data: T } | { success: false; error: { issues: { message: string }[] } }) {
  if (!result.success) throw new ServiceError("invalid", result.error.issues[0]?.message ?? "Check the form");
  return result.data;
}

const FAILURE_OF: Record<number, Failure> = {
  400: "invalid",
  401: "unauthenticated",
  403: "forbidden",
  404: "not-found",
};

/** The persona's answers from the form's `answer.<key>` fields (a multiple choice sends several). */
function answersFromForm(form: FormData, questions: Question[]): Record<string, unknown> {
  const info: Record<string, unknown> = {};
  for (const q of questions) {
    const values = form
      .getAll(`answer.${q.key}`)
      .filter((v): v is string => typeof v === "string")
      .map((v) => v.trim())
      .filter(Boolean);
    if (values.length === 0) continue;
    info[q.key] = q.type === "multiple_choice" ? values : values[0];
  }
  return info;
}

export async function simulatorAction(app: AppContext, request: Request, appId: string, form: FormData) {
  const user = await requireUser(app, request, { status: 302 });
  const row = await openSimulatorApp(app, user, appId).catch(asResponse);
  const view = viewOf(new URL(request.url));
  const intent = field(form, "intent");
  const persona = field(form, "persona") || view.persona;
  const back = (title: string, to: SimView = { persona, screen: view.screen, run: view.run }) =>
    redirectWithToast(request, simulatorPath(row.id, to), { kind: "success", title });
  const needPersona = () => {
    if (!persona) throw new ServiceError("invalid", "Choose a persona first");
    return persona;
  };
  try {
    switch (intent) {
      case "add-persona": {
        const input = parsed(createPersonaBody.safeParse({ appId: row.id, name: field(form, "name") }));
        const made = await createTestingStep(app, user, input);
        return back(`Persona '${made.name}' added`, { persona: made.testingStepId, screen: "onboarding" });
      }
      case "rename-persona": {
        const input = parsed(renamePersonaBody.safeParse({ testingStepId: needPersona(), name: field(form, "name") }));
        const renamed = await renameTestingStep(app, user, input);
        return back(`Persona renamed to '${renamed.name}'`);
      }
      case "delete-persona": {
        await deleteTestingStep(app, user, needPersona());
        return back("Persona deleted, with everything made as it", {});
      }
      case "save-answers": {
        const flow = draftPages(row.onboardingFlow);
        const questions = (flow?.pages ?? []).flatMap((p) => p.questions);
        const info = answersFromForm(form, questions);
        await saveTestingOnboardingInfo(app, user, { appId: row.id, testingStepId: needPersona(), info });
        return back("Answers saved", { persona, screen: "onboarding" });
      }
      case "run": {
        const step = needPersona();
        const target = await flowTarget(app, row.storefrontSlug, row.appSlug, { testingStepId: step, user });
        if (!target.ok) throw new ServiceError(FAILURE_OF[target.status] ?? "invalid", target.error);
        const { info } = await getTestingOnboardingInfo(app, user, { appId: row.id, testingStepId: step });
        const checked = checkAllAnswers(target.target, info);
        if (!checked.ok)
          throw new ServiceError("invalid", `The persona's onboarding is not complete: ${checked.error}`);
        const pages = visiblePages(target.target.flow, checked.answers);
        for (const page of pages)
          await recordSimulatorItem(app, user, {
            appId: row.id,
            itemType: "onboarding-page",
            testingStepId: step,
            content: {
              pageId: page.id,
              title: page.title,
              answers: Object.fromEntries(page.questions.map((q) => [q.key, checked.answers[q.key] ?? null])),
            },
          });
        await completeState(app, row.id, user.id, step, checked.answers, {
          currentPageId: "plan",
          completedPageIds: pages.map((p) => p.id),
        });
        // Always a new plan: the draft may have changed since the persona's last run.
        await createPersonalizedPlan(app, { appId: row.id, subject: user.id, testingStepId: step }, checked.answers, {
          forceRegenerate: true,
        });
        return back("Making the persona's plan", { persona: step, screen: "plan" });
      }
      case "start-activity": {
        const run = await startRun(
          app,
          { userId: user.id, testingStepId: needPersona() },
          { appId: row.id, activityId: field(form, "activityId") },
        );
        return back(`${run.title} started`, { persona, screen: "activity", run: run.id });
      }
      case "answer-card":
      case "next-card": {
        const runId = field(form, "runId");
        const cardId = field(form, "cardId");
        let run: RunView;
        if (intent === "next-card") run = await nextCard(app, user.id, runId, cardId);
        else {
          const current = await getRun(app, user.id, runId);
          const card = current.cards.find((c) => c.id === cardId);
          const uploadType = card?.kind === "input" ? uploadTypeOf(card) : null;
          let answer: unknown = field(form, "value");
          if (uploadType) {
            const file = form.get("file");
            if (!(file instanceof File) || file.size === 0) {
              answer = undefined;
            } else {
              const upload = await uploadUserFile(
                app,
                user,
                { appId: row.id, type: uploadType, activityId: current.activityId, isForSimulation: true },
                file,
              );
              answer = { url: upload.url, type: upload.type };
            }
          }
          run = await answerCard(app, user.id, runId, cardId, answer);
        }
        return back(run.status === "completed" ? `${run.title} done` : "Card done", {
          persona,
          screen: "activity",
          run: run.id,
        });
      }
      case "create-flow": {
        const input = parsed(createTestFlowBody.safeParse({ appId: row.id, title: field(form, "title") }));
        const made = await createTestFlow(app, user, input);
        return back(`Test flow '${made.title}' created`, { ...view, persona, flow: made.id });
      }
      case "save-run-as-flow": {
        const step = needPersona();
        const run = await getRun(app, user.id, field(form, "runId"));
        if (run.testingStepId !== step) throw new ServiceError("invalid", "That run is not this persona's");
        const input = parsed(createTestFlowBody.safeParse({ appId: row.id, title: field(form, "title") }));
        const { info } = await getTestingOnboardingInfo(app, user, { appId: row.id, testingStepId: step });
        const made = await createTestFlow(app, user, input);
        await updateTestFlow(app, user, made.id, { steps: flowStepsOfRun(info, run) });
        return back(`Saved as the test flow '${made.title}'`, {
          persona,
          screen: view.screen,
          run: run.id,
          flow: made.id,
        });
      }
      case "rename-flow": {
        const title = parsed(createTestFlowBody.shape.title.safeParse(field(form, "title")));
        const renamed = await updateTestFlow(app, user, field(form, "testFlowId"), { title });
        return back(`Test flow renamed to '${renamed.title}'`, { ...view, persona });
      }
      case "delete-flow": {
        await deleteTestFlow(app, user, field(form, "testFlowId"));
        return back("Test flow deleted", { ...view, persona, replay: null, flow: null });
      }
      case "replay-flow": {
        const testFlowId = field(form, "testFlowId");
        const started = await startReplay(app, user, testFlowId);
        return back("Replaying the test flow", { ...view, persona, replay: started.jobId, flow: testFlowId });
      }
      default:
        throw new ServiceError("invalid", "Unknown action");
    }
  } catch (error) {
    if (error instanceof ServiceError && error.failure !== "forbidden")
      return data<SimulatorAnswer>(
        { error: error.message, intent },
        { status: error.failure === "not-found" ? 404 : 400 },
      );
    return asResponse(error);
  }
}
