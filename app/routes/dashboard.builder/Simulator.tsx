/**
 * The simulator (?mode=simulator): a phone-framed preview of the app as an end user sees it, run as
 * a test persona (landing page → onboarding → plan → today → an activity card by card), the
 * personas and their onboarding answers, and the test flows with their replays side by side. The
 * frame is server-rendered markup in the app's theme colours; every control is a form post, so it
 * all works without JavaScript; with it, a plan, an AI card or a replay shows its progress live, and
 * a large photo is made smaller before it is sent. An uploaded photo shows as a thumbnail.
 */
import { Form, Link, useSubmit } from "@remix-run/react";
import type { CSSProperties, FormEvent, ReactNode } from "react";
import type { ActivityCard, Question } from "~/db/app-content";
import { JobProgress } from "~/features/jobs/components/JobProgress";
import { shrinkPhoto } from "~/features/activities/shrink-photo";
import {
  markedLines,
  simulatorPath,
  type ReplayChange,
  type SimScreen,
  type SimView,
} from "~/features/simulator/rules";
import { Button } from "~/ui/Button";
import { ModeHeader } from "./ModeHeader";
import { TextInput } from "~/ui/TextInput";
import type { SimulatorAnswer, SimulatorData } from "./simulator.server";

type Data = SimulatorData;
type Run = NonNullable<Data["run"]>;

const SCREEN_LABELS: Record<SimScreen, string> = {
  landing: "Landing page",
  onboarding: "Onboarding",
  plan: "Plan",
  today: "Today",
  activity: "Activity",
};

const jobPath = (jobId: string) => `/api/app-builder/simulator-job/${jobId}`;

/** A form of the simulator: its section and intent, and the persona it acts as. */
function SimForm({
  action,
  intent,
  persona,
  children,
  className,
  multipart,
  label,
  onSubmit,
}: {
  action: string;
  intent: string;
  persona?: string | null;
  children: ReactNode;
  className?: string;
  multipart?: boolean;
  label?: string;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
}) {
  return (
    <Form
      method="post"
      action={action}
      className={className ?? "sim-form"}
      encType={multipart ? "multipart/form-data" : undefined}
      aria-label={label}
      onSubmit={onSubmit}
    >
      <input type="hidden" name="section" value="simulator" />
      <input type="hidden" name="intent" value={intent} />
      {persona ? <input type="hidden" name="persona" value={persona} /> : null}
      {children}
    </Form>
  );
}

export function Simulator({ data, answer }: { data: Data; answer?: SimulatorAnswer }) {
  const { app, view, persona } = data;
  const here = simulatorPath(app.id, view);
  return (
    <div className="container builder simulator">
      <ModeHeader appId={app.id} crumb="Simulator" title={`${app.name}: simulator`} error={answer?.error} />

      <div className="sim-columns">
        <div className="sim-side">
          <Personas data={data} action={here} />
          {persona ? <PersonaAnswers key={persona.testingStepId} data={data} action={here} /> : null}
          <TestFlows data={data} action={here} />
        </div>
        <PhoneFrame data={data} action={here} />
      </div>
    </div>
  );
}

// ——— Personas ———

function Personas({ data, action }: { data: Data; action: string }) {
  const { app, personas, persona, view } = data;
  return (
    <section aria-labelledby="personas-heading" className="builder-group sim-panel">
      <h2 id="personas-heading">Personas</h2>
      {personas.length === 0 ? (
        <p className="sim-empty">No personas yet: add one to try the app as a user.</p>
      ) : (
        <ul className="sim-list" aria-label="Personas">
          {personas.map((p) => (
            <li key={p.testingStepId}>
              <Link
                to={simulatorPath(app.id, { persona: p.testingStepId, screen: view.screen })}
                aria-current={p.testingStepId === persona?.testingStepId ? "true" : undefined}
                className={p.testingStepId === persona?.testingStepId ? "sim-pick sim-pick--current" : "sim-pick"}
              >
                {p.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <SimForm action={action} intent="add-persona" label="Add a persona">
        <TextInput label="New persona's name" name="name" required maxLength={60} placeholder="Busy beginner" />
        <Button type="submit" variant="secondary" size="small">
          <span className="btn__label">Add persona</span>
        </Button>
      </SimForm>
      {persona ? (
        <div className="sim-persona-tools">
          <SimForm action={action} intent="rename-persona" persona={persona.testingStepId} label="Rename the persona">
            <TextInput
              label={`Rename ${persona.name}`}
              name="name"
              required
              maxLength={60}
              defaultValue={persona.name}
              key={persona.name}
            />
            <Button type="submit" variant="secondary" size="small">
              <span className="btn__label">Rename</span>
            </Button>
          </SimForm>
          <SimForm action={action} intent="delete-persona" persona={persona.testingStepId} label="Delete the persona">
            <Button type="submit" variant="destructive" size="small">
              <span className="btn__label">Delete {persona.name}</span>
            </Button>
          </SimForm>
        </div>
      ) : null}
    </section>
  );
}

function QuestionField({ question, value }: { question: Question; value: unknown }) {
  const name = `answer.${question.key}`;
  const id = `sim-q-${question.key}`;
  const label = `${question.label}${question.required ? "" : " (optional)"}`;
  if (question.type === "single_choice")
    return (
      <div className="field">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        <select id={id} name={name} className="input builder-select" defaultValue={String(value ?? "")}>
          <option value="">No answer</option>
          {(question.options ?? []).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
    );
  if (question.type === "multiple_choice") {
    const chosen = new Set(Array.isArray(value) ? value.map(String) : []);
    return (
      <fieldset className="sim-choices">
        <legend className="field__label">{label}</legend>
        {(question.options ?? []).map((o) => (
          <label key={o.value} className="sim-choice">
            <input type="checkbox" name={name} value={o.value} defaultChecked={chosen.has(o.value)} /> {o.label}
          </label>
        ))}
      </fieldset>
    );
  }
  const type =
    question.type === "number" || question.type === "slider" ? "number" : question.type === "date" ? "date" : "text";
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
        {question.unit ? ` (${question.unit})` : ""}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        className="input"
        defaultValue={value === undefined || value === null ? "" : String(value)}
        min={question.min}
        max={question.max}
        step={question.step ?? (type === "number" ? "any" : undefined)}
      />
    </div>
  );
}

function PersonaAnswers({ data, action }: { data: Data; action: string }) {
  const persona = data.persona!;
  return (
    <section aria-labelledby="answers-heading" className="builder-group sim-panel">
      <h2 id="answers-heading">{persona.name}'s onboarding answers</h2>
      {data.pages.length === 0 ? (
        <p className="sim-empty">This app's onboarding has no questions yet.</p>
      ) : (
        <SimForm action={action} intent="save-answers" persona={persona.testingStepId} label="Onboarding answers">
          {data.pages.map((page) => (
            <fieldset key={page.id} className="sim-page">
              <legend>{page.title}</legend>
              {page.questions.map((q) => (
                <QuestionField key={q.key} question={q} value={data.info[q.key]} />
              ))}
            </fieldset>
          ))}
          <Button type="submit" variant="secondary" size="small">
            <span className="btn__label">Save answers</span>
          </Button>
        </SimForm>
      )}
      <SimForm action={action} intent="run" persona={persona.testingStepId} label="Run the persona">
        <Button type="submit" size="small">
          <span className="btn__label">Run as {persona.name}</span>
        </Button>
      </SimForm>
    </section>
  );
}

// ——— The phone ———

function themeStyle(theme: Data["app"]["theme"]): CSSProperties {
  return {
    ["--sim-primary" as string]: theme.primaryColor,
    ["--sim-accent" as string]: theme.accentColor,
    ["--sim-bg" as string]: theme.backgroundColor,
    ["--sim-text" as string]: theme.textColor,
    ["--sim-radius" as string]: `${theme.cornerRadius}px`,
  };
}

function PhoneFrame({ data, action }: { data: Data; action: string }) {
  const { app, view, persona } = data;
  const screen = view.screen;
  return (
    <section aria-labelledby="phone-heading" className="sim-phone-wrap">
      <h2 id="phone-heading" className="visually-hidden">
        The app as {persona ? persona.name : "a visitor"} sees it
      </h2>
      <div className="sim-phone" style={themeStyle(app.theme)}>
        <nav aria-label="App screens" className="sim-phone__nav">
          <ul>
            {(Object.keys(SCREEN_LABELS) as SimScreen[]).map((s) => (
              <li key={s}>
                <Link
                  to={simulatorPath(app.id, {
                    persona: view.persona,
                    screen: s,
                    run: s === "activity" ? view.run : null,
                  })}
                  aria-current={s === screen ? "page" : undefined}
                  className={s === screen ? "sim-phone__tab sim-phone__tab--current" : "sim-phone__tab"}
                >
                  {SCREEN_LABELS[s]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="sim-phone__screen">
          {screen === "landing" ? <LandingScreen data={data} /> : null}
          {screen !== "landing" && !persona ? <p>Add a persona to go past the landing page as a user.</p> : null}
          {screen === "onboarding" && persona ? <OnboardingScreen data={data} action={action} /> : null}
          {screen === "plan" && persona ? <PlanScreen data={data} /> : null}
          {screen === "today" && persona ? <TodayScreen data={data} action={action} /> : null}
          {screen === "activity" && persona ? <ActivityScreen data={data} action={action} /> : null}
        </div>
      </div>
    </section>
  );
}

function LandingScreen({ data }: { data: Data }) {
  const { app, view } = data;
  return (
    <div className="sim-landing">
      <h3>{app.landing.title}</h3>
      {app.landing.subtitle ? <p>{app.landing.subtitle}</p> : null}
      {app.landing.benefits.length > 0 ? (
        <ul aria-label="Benefits">
          {app.landing.benefits.map((b) => (
            <li key={b}>{b}</li>
          ))}
        </ul>
      ) : null}
      <Link className="sim-cta" to={simulatorPath(app.id, { persona: view.persona, screen: "onboarding" })}>
        {app.landing.ctaLabel}
      </Link>
    </div>
  );
}

const shown = (value: unknown) =>
  value === undefined || value === null || value === ""
    ? "(no answer)"
    : Array.isArray(value)
      ? value.join(", ")
      : String(value);

function OnboardingScreen({ data, action }: { data: Data; action: string }) {
  const persona = data.persona!;
  const pages = data.pages.filter((p) => data.shownPageIds.includes(p.id));
  return (
    <div>
      <h3>Onboarding</h3>
      {pages.length === 0 ? <p>This app's onboarding has no pages yet.</p> : null}
      <ol className="sim-pages">
        {pages.map((page) => (
          <li key={page.id}>
            <h4>{page.title}</h4>
            <dl>
              {page.questions.map((q) => (
                <div key={q.key}>
                  <dt>{q.label}</dt>
                  <dd>{shown(data.info[q.key])}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ol>
      <SimForm action={action} intent="run" persona={persona.testingStepId} label="Finish the onboarding">
        <button type="submit" className="sim-cta">
          See my plan
        </button>
      </SimForm>
    </div>
  );
}

function PlanScreen({ data }: { data: Data }) {
  const plan = data.plan;
  if (!plan || plan.status === "not_found")
    return (
      <div>
        <h3>Plan</h3>
        <p>No plan yet: run the persona to make one.</p>
      </div>
    );
  if (plan.status === "pending" && plan.jobId)
    return (
      <div>
        <h3>Making the plan…</h3>
        <JobProgress
          jobId={plan.jobId}
          room={plan.room}
          status="running"
          progress={plan.progress}
          statusPath={jobPath(plan.jobId)}
          label="Plan progress"
        />
      </div>
    );
  if (plan.status !== "completed" || !plan.plan)
    return (
      <div>
        <h3>Plan</h3>
        <p role="alert">The plan could not be made. Run the persona again.</p>
      </div>
    );
  return (
    <div className="sim-plan">
      <h3>{plan.plan.title}</h3>
      <p>{plan.plan.description}</p>
      <ol aria-label="Phases">
        {plan.plan.phases.map((phase) => (
          <li key={`${phase.id}-${phase.weekNumber}`}>
            <h4>{phase.title}</h4>
            <p>{phase.focus}</p>
            {phase.sessions.length > 0 ? (
              <ul>
                {phase.sessions.map((s) => (
                  <li key={s}>{s}</li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ol>
      <Link className="sim-cta" to={simulatorPath(data.app.id, { persona: data.view.persona, screen: "today" })}>
        Start today
      </Link>
    </div>
  );
}

function TodayScreen({ data, action }: { data: Data; action: string }) {
  const persona = data.persona!;
  const phase = data.plan?.plan?.phases[0] ?? null;
  return (
    <div className="sim-today">
      <h3>Today</h3>
      {phase ? (
        <p>
          Now: <strong>{phase.title}</strong>. {phase.focus}
        </p>
      ) : (
        <p>No plan yet: run the persona to make one.</p>
      )}
      <h4>Activities</h4>
      {data.activities.length === 0 ? (
        <p>The blueprint has no activities yet.</p>
      ) : (
        <ul className="sim-activities">
          {data.activities.map((a) => (
            <li key={a.id}>
              <SimForm
                action={action}
                intent="start-activity"
                persona={persona.testingStepId}
                label={`Start ${a.title}`}
              >
                <input type="hidden" name="activityId" value={a.id} />
                <button type="submit" className="sim-cta">
                  Start {a.title}
                </button>
              </SimForm>
            </li>
          ))}
        </ul>
      )}
      {data.runs.length > 0 ? (
        <>
          <h4>Past activities</h4>
          <ul className="sim-runs">
            {data.runs.map((r) => (
              <li key={r.id}>
                <Link
                  to={simulatorPath(data.app.id, { persona: persona.testingStepId, screen: "activity", run: r.id })}
                >
                  {r.title}
                </Link>{" "}
                ({r.status === "completed" ? "done" : "in progress"})
                {r.summary ? <p className="sim-summary">{r.summary}</p> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

/** An AI card's result as the end user sees it: its text, its picture, or its failure; pending, its progress. */
/** One side of a change, the lines the other side lacks highlighted. */
function DiffText({ text, other }: { text: string | null; other: string | null }) {
  if (text === null) return <>—</>;
  return (
    <>
      {markedLines(text, other).map(({ line, changed }, i) => (
        <span key={i} className="sim-diff__line">
          {changed ? <mark>{line}</mark> : line}
          {"\n"}
        </span>
      ))}
    </>
  );
}

function AiResult({ card, run, html }: { card: ActivityCard; run: Run; html?: string }) {
  const result = run.results[card.id];
  const title = "title" in card ? card.title : "";
  if (!result || result.status === "pending")
    return (
      <div>
        <h4>{title}</h4>
        {result?.jobId ? (
          <JobProgress
            jobId={result.jobId}
            room={null}
            status="running"
            progress={0}
            statusPath={jobPath(result.jobId)}
            label={`${title} progress`}
          />
        ) : (
          <p>Waiting…</p>
        )}
      </div>
    );
  const r = result.result ?? {};
  if (result.status === "failed")
    return (
      <div>
        <h4>{title}</h4>
        <p role="alert">{String(r.error ?? "Failed")}</p>
      </div>
    );
  return (
    <div className="sim-ai">
      <h4>{title}</h4>
      {typeof r.url === "string" ? <img src={r.url} alt={String(r.alt ?? "")} width={240} height={240} /> : null}
      {/* The text already states its findings, in a list. */}
      {html ? <div className="sim-ai__text" dangerouslySetInnerHTML={{ __html: html }} /> : null}
    </div>
  );
}

const answerWords = (answer: Record<string, unknown> | null) => {
  if (!answer) return "";
  if (answer.skipped) return "Skipped";
  if (typeof answer.url === "string") return answer.type === "image" ? "A photo" : `A ${String(answer.type)} file`;
  return [answer.text, answer.number, answer.choice, answer.unit].filter((v) => v !== undefined).join(" ");
};

/** A done input card as the phone shows it: its answer, an uploaded photo as a thumbnail of itself. */
function DoneInput({
  card,
  answer,
}: {
  card: Extract<ActivityCard, { kind: "input" }>;
  answer: Record<string, unknown> | null;
}) {
  if (answer && typeof answer.url === "string" && answer.type === "image")
    return (
      <figure className="sim-upload">
        <img
          className="sim-upload__thumb"
          src={answer.url}
          alt={`Your upload for: ${card.prompt}`}
          width={96}
          height={96}
          loading="lazy"
          decoding="async"
        />
        <figcaption>{card.prompt}</figcaption>
      </figure>
    );
  return (
    <p>
      {card.prompt}: <strong>{answerWords(answer)}</strong>
    </p>
  );
}

function CardInputForm({
  card,
  run,
  action,
}: {
  card: Extract<ActivityCard, { kind: "input" }>;
  run: Run;
  action: string;
}) {
  const submit = useSubmit();
  const id = `sim-card-${card.id}`;
  const upload = ["photo", "audio", "video", "pdf"].includes(card.inputType);
  const accept = { photo: "image/*", audio: "audio/*", video: "video/*", pdf: "application/pdf" }[
    card.inputType as string
  ];
  // With JavaScript a large photo is made smaller first, as the app's own activity screen does for its
  // users; without it (or for any other file) the form posts the file as it is.
  const shrinkFirst = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const file = (form.elements.namedItem("file") as HTMLInputElement | null)?.files?.[0];
    if (card.inputType !== "photo" || file?.type !== "image/jpeg") return;
    event.preventDefault();
    void shrinkPhoto(file).then((sent) => {
      const data = new FormData(form);
      data.set("file", sent);
      submit(data, { method: "post", action, encType: "multipart/form-data" });
    });
  };
  return (
    <SimForm
      action={action}
      intent="answer-card"
      persona={run.testingStepId}
      multipart={upload}
      label={card.prompt}
      onSubmit={shrinkFirst}
    >
      <input type="hidden" name="runId" value={run.id} />
      <input type="hidden" name="cardId" value={card.id} />
      <div className="field">
        <label className="field__label" htmlFor={id}>
          {card.prompt}
          {card.unit ? ` (${card.unit})` : ""}
          {card.optional ? " (optional)" : ""}
        </label>
        {upload ? (
          <input id={id} name="file" type="file" accept={accept} className="input" required={!card.optional} />
        ) : card.inputType === "choice" ? (
          <select id={id} name="value" className="input builder-select" required={!card.optional} defaultValue="">
            <option value="">Choose…</option>
            {(card.options ?? []).map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </select>
        ) : card.inputType === "long-text" ? (
          <textarea id={id} name="value" className="input" rows={4} required={!card.optional} />
        ) : (
          <input
            id={id}
            name="value"
            className="input"
            type={card.inputType === "number" ? "number" : "text"}
            step={card.inputType === "number" ? "any" : undefined}
            required={!card.optional}
          />
        )}
      </div>
      <button type="submit" className="sim-cta">
        {upload ? "Upload and go on" : "Go on"}
      </button>
    </SimForm>
  );
}

function ActivityScreen({ data, action }: { data: Data; action: string }) {
  const run = data.run;
  if (!run)
    return (
      <div>
        <h3>Activity</h3>
        <p>
          No activity on screen: start one from{" "}
          <Link to={simulatorPath(data.app.id, { persona: data.view.persona, screen: "today" })}>Today</Link>.
        </p>
      </div>
    );
  return (
    <div className="sim-run">
      <h3>{run.title}</h3>
      <p className="sim-run__step">
        {run.status === "completed"
          ? "Done"
          : `Card ${Math.min(run.position + 1, run.cards.length)} of ${run.cards.length}`}
      </p>
      <ol className="sim-cards" aria-label="Cards">
        {run.cards.slice(0, run.position + 1).map((card, index) => (
          <li key={card.id} className="sim-card">
            {card.kind === "instruction" ? (
              <>
                <div className="sim-card__body" dangerouslySetInnerHTML={{ __html: data.cardHtml[card.id] ?? "" }} />
                {index === run.position && run.status !== "completed" ? (
                  <SimForm action={action} intent="next-card" persona={run.testingStepId} label="Next card">
                    <input type="hidden" name="runId" value={run.id} />
                    <input type="hidden" name="cardId" value={card.id} />
                    <button type="submit" className="sim-cta">
                      Next
                    </button>
                  </SimForm>
                ) : null}
              </>
            ) : card.kind === "input" ? (
              index === run.position && run.status !== "completed" ? (
                <CardInputForm card={card} run={run} action={action} />
              ) : (
                <DoneInput card={card} answer={run.results[card.id]?.answer ?? null} />
              )
            ) : (
              <AiResult card={card} run={run} html={data.cardHtml[card.id]} />
            )}
          </li>
        ))}
      </ol>
      {run.status === "completed" ? (
        <SimForm
          action={action}
          intent="save-run-as-flow"
          persona={run.testingStepId}
          label="Save this run as a test flow"
        >
          <input type="hidden" name="runId" value={run.id} />
          <TextInput
            label="Test flow title"
            name="title"
            required
            maxLength={120}
            defaultValue={`${data.persona?.name ?? "Persona"}: ${run.title}`}
          />
          <button type="submit" className="sim-cta">
            Save this run as a test flow
          </button>
        </SimForm>
      ) : null}
    </div>
  );
}

// ——— Test flows ———

const CHANGE_WORDS = { added: "New", removed: "Gone", changed: "Changed" } as const;

function Changes({ title, changes }: { title: string; changes: ReplayChange[] }) {
  if (changes.length === 0) return null;
  return (
    <section className="sim-diff" aria-label={title}>
      <h4>{title}</h4>
      <table className="sim-diff__table">
        <thead>
          <tr>
            <th scope="col">What</th>
            <th scope="col">Before</th>
            <th scope="col">Now</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((c) => (
            <tr key={`${c.key}-${c.change}`}>
              <th scope="row">
                {c.label} <span className="builder-badge">{CHANGE_WORDS[c.change]}</span>
              </th>
              <td className="sim-diff__text">
                <DiffText text={c.before} other={c.change === "changed" ? c.after : null} />
              </td>
              <td className="sim-diff__text">
                <DiffText text={c.after} other={c.change === "changed" ? c.before : null} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function ReplayView({ data }: { data: Data }) {
  const replay = data.replay;
  if (!replay) return null;
  const flow = data.flows.find((f) => f.id === data.view.flow);
  const heading = `Replay${flow ? ` of ${flow.title}` : ""}`;
  if (replay.status === "queued" || replay.status === "running")
    return (
      <section aria-labelledby="replay-heading" className="sim-replay">
        <h3 id="replay-heading">{heading}</h3>
        <JobProgress
          jobId={replay.jobId}
          room={replay.room}
          status={replay.status}
          progress={replay.progress}
          statusPath={`/api/app-builder/test-flow-replay/${replay.jobId}`}
          label="Replay progress"
        />
      </section>
    );
  const result = replay.result;
  if (replay.status === "failed" || !result || !result.success)
    return (
      <section aria-labelledby="replay-heading" className="sim-replay">
        <h3 id="replay-heading">{heading}</h3>
        <p role="alert">
          The replay failed: {result && !result.success ? result.error : (replay.error ?? "try again")}
        </p>
      </section>
    );
  const { diff, outcome } = result;
  return (
    <section aria-labelledby="replay-heading" className="sim-replay">
      <h3 id="replay-heading">{heading}</h3>
      <p role="status">
        {diff.firstRun
          ? "The first run of this flow: everything is new."
          : diff.unchanged
            ? "Nothing changed since the last run."
            : "What changed since the last run:"}
      </p>
      <Changes title="Onboarding pages" changes={diff.onboardingPages} />
      <Changes title="Plan phases" changes={diff.planPhases} />
      <Changes title="Card results" changes={diff.cards} />
      {outcome.steps.some((s) => s.status === "not-run") ? (
        <ul aria-label="Steps not run">
          {outcome.steps
            .filter((s) => s.status === "not-run")
            .map((s) => (
              <li key={s.index}>
                Step {s.index + 1}: {s.note}
              </li>
            ))}
        </ul>
      ) : null}
    </section>
  );
}

function TestFlows({ data, action }: { data: Data; action: string }) {
  const { flows } = data;
  const view: SimView = data.view;
  return (
    <section aria-labelledby="flows-heading" className="builder-group sim-panel">
      <h2 id="flows-heading">Test flows</h2>
      {flows.length === 0 ? (
        <p className="sim-empty">No test flows yet. Run an activity as a persona and save it, or add one here.</p>
      ) : (
        <ul className="sim-flows" aria-label="Test flows">
          {flows.map((f) => (
            <li key={f.id} className={f.id === view.flow ? "sim-flow sim-flow--current" : "sim-flow"}>
              <h3>{f.title}</h3>
              <p className="sim-flow__meta">
                {f.steps.length} step{f.steps.length === 1 ? "" : "s"}
                {f.lastRunAt
                  ? `, last replayed ${new Date(f.lastRunAt).toISOString().slice(0, 16).replace("T", " ")} UTC`
                  : ", never replayed"}
              </p>
              <div className="sim-flow__tools">
                <SimForm action={action} intent="replay-flow" persona={view.persona} label={`Replay ${f.title}`}>
                  <input type="hidden" name="testFlowId" value={f.id} />
                  <Button type="submit" size="small">
                    <span className="btn__label">
                      Replay<span className="visually-hidden"> {f.title}</span>
                    </span>
                  </Button>
                </SimForm>
                <SimForm action={action} intent="delete-flow" persona={view.persona} label={`Delete ${f.title}`}>
                  <input type="hidden" name="testFlowId" value={f.id} />
                  <Button type="submit" variant="destructive" size="small">
                    <span className="btn__label">
                      Delete<span className="visually-hidden"> {f.title}</span>
                    </span>
                  </Button>
                </SimForm>
              </div>
              <details>
                <summary>Rename</summary>
                <SimForm action={action} intent="rename-flow" persona={view.persona} label={`Rename ${f.title}`}>
                  <input type="hidden" name="testFlowId" value={f.id} />
                  <TextInput
                    label={`New title for ${f.title}`}
                    name="title"
                    required
                    maxLength={120}
                    defaultValue={f.title}
                  />
                  <Button type="submit" variant="secondary" size="small">
                    <span className="btn__label">Rename</span>
                  </Button>
                </SimForm>
              </details>
              {f.id === view.flow ? <ReplayView data={data} /> : null}
            </li>
          ))}
        </ul>
      )}
      {view.flow && !flows.some((f) => f.id === view.flow) ? <ReplayView data={data} /> : null}
      <SimForm action={action} intent="create-flow" persona={view.persona} label="Add a test flow">
        <TextInput label="New test flow's title" name="title" required maxLength={120} />
        <Button type="submit" variant="secondary" size="small">
          <span className="btn__label">Add test flow</span>
        </Button>
      </SimForm>
    </section>
  );
}
