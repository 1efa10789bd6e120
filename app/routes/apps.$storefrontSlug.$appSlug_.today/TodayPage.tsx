/**
 * /today: the phase of the plan today falls in and its sessions, progress through the phases, the
 * phase's stories (Markdown rendered on the server), quizzes (a form post, scored on the server) and
 * activities (Start → the activity screen), then the user's past activities with what their AI cards
 * said. Every action is a plain form post, so it all works without JavaScript.
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import type { PlanPhase } from "~/db/app-content";
import { quizField, SIGNED_OUT_TODAY } from "~/features/activities/today";
import { AppFrame, type AppChrome } from "~/features/apps/components/AppFrame";
import { dateText } from "~/platform/format";
import { Button, buttonClass } from "~/ui/Button";
import { ProgressBar } from "~/ui/ProgressBar";
import type { QuizProblem, QuizShown, RunDigest } from "./today.server";

export interface TodayPageProps extends AppChrome {
  plan: { title: string; phaseCount: number; targetDate: string } | null;
  phaseIndex: number;
  phase: PlanPhase | null;
  progress: number;
  stories: { id: string; title: string; html: string }[];
  quizzes: QuizShown[];
  activities: { id: string; title: string; cardCount: number }[];
  runs: RunDigest[];
  planHref: string;
  onboardingHref: string;
  /** A quiz's refused answers, from the action. */
  quizProblem?: QuizProblem | null;
}

const day = (iso: string) => {
  const ms = Date.parse(`${iso}T00:00:00Z`);
  return Number.isNaN(ms) ? iso : dateText(ms, "UTC");
};

function PhaseSection({ props }: { props: TodayPageProps }) {
  const { plan, phase } = props;
  if (!plan || !phase)
    return (
      <section aria-labelledby="phase-heading" className="today__card">
        <h2 id="phase-heading">Your plan</h2>
        <p>You have no plan for this app yet. Answer a few questions to get one.</p>
        <Link to={props.onboardingHref} className={buttonClass({ variant: "primary" })}>
          Get my plan
        </Link>
      </section>
    );
  return (
    <section aria-labelledby="phase-heading" className="today__card">
      <p className="today__eyebrow">
        {`Phase ${props.phaseIndex + 1} of ${plan.phaseCount} · Week ${phase.weekNumber}`}
      </p>
      <h2 id="phase-heading">{phase.title}</h2>
      <p className="today__dates">
        <time dateTime={phase.startDate}>{day(phase.startDate)}</time> –{" "}
        <time dateTime={phase.endDate}>{day(phase.endDate)}</time>
      </p>
      {phase.focus ? <p>{phase.focus}</p> : null}
      <ProgressBar value={props.progress} label="Progress through your plan" showText color="var(--app-primary)" />
      <h3 className="today__subheading">What to do today</h3>
      {phase.sessions.length > 0 ? (
        <ul className="today__sessions">
          {phase.sessions.map((session, i) => (
            <li key={i}>{session}</li>
          ))}
        </ul>
      ) : (
        <p>A rest day: nothing planned in this phase.</p>
      )}
      <p>
        <Link to={props.planHref}>See your whole plan</Link>
      </p>
    </section>
  );
}

function QuizForm({ quiz, problem }: { quiz: QuizShown; problem: QuizProblem | null }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("quizId") === quiz.id;
  const headingId = `quiz-${quiz.id}-heading`;
  return (
    <article id={`quiz-${quiz.id}`} className="today__item" aria-labelledby={headingId} tabIndex={-1}>
      <h3 id={headingId}>{quiz.title}</h3>
      {quiz.last ? (
        <p className="today__score" role="status">
          {`Your score: ${quiz.last.score} of ${quiz.last.total}`}
        </p>
      ) : null}
      {problem ? (
        <p className="app-onboarding__errors" role="alert">
          {problem.error}
        </p>
      ) : null}
      {/* A new attempt or a refusal remounts the radios with what the server says is chosen. */}
      <Form
        key={`${quiz.last?.answers.join() ?? ""}:${problem ? JSON.stringify(problem.values) : ""}`}
        method="post"
        className="today__quiz"
        noValidate
      >
        <input type="hidden" name="intent" value="quiz" />
        <input type="hidden" name="quizId" value={quiz.id} />
        {quiz.questions.map((question, i) => {
          const field = quizField(i);
          const error = problem?.field === field ? problem.error : null;
          const chosen = problem ? problem.values[field] : quiz.last ? String(quiz.last.answers[i]) : undefined;
          const errorId = `${quiz.id}-${field}-error`;
          return (
            <fieldset
              key={i}
              className="question"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            >
              <legend className="question__label">
                {i + 1}. {question.question}
              </legend>
              <div className="question__options">
                {question.options.map((option, o) => (
                  <label key={o} className="question__option">
                    <input type="radio" name={field} value={o} defaultChecked={chosen === String(o)} />
                    <span>{option}</span>
                    {quiz.last && !problem && quiz.last.answers[i] === o ? (
                      <span className="today__verdict">{quiz.last.right[i] ? "(right)" : "(not quite)"}</span>
                    ) : null}
                  </label>
                ))}
              </div>
              {error ? (
                <p id={errorId} className="field__error">
                  {error}
                </p>
              ) : null}
            </fieldset>
          );
        })}
        <div className="app-onboarding__actions">
          <Button type="submit" variant="primary" loading={busy}>
            {quiz.last ? "Check my answers again" : "Check my answers"}
          </Button>
        </div>
      </Form>
    </article>
  );
}

function PastRun({ run }: { run: RunDigest }) {
  return (
    <li className="today__run">
      <h3>{run.title}</h3>
      <p className="today__dates">
        {dateText(run.createdAt)} · {run.status === "completed" ? "Done" : "In progress"}
      </p>
      {run.analyses.map((analysis, i) => (
        <div key={`a${i}`} className="today__result">
          <h4>{analysis.title}</h4>
          {analysis.html ? (
            <div className="today__markdown" dangerouslySetInnerHTML={{ __html: analysis.html }} />
          ) : (
            <p className={analysis.failed ? "app-onboarding__errors" : undefined}>{analysis.text}</p>
          )}
        </div>
      ))}
      {run.pictures.map((picture, i) => (
        <figure key={`p${i}`} className="today__picture">
          <img src={picture.url} alt={picture.alt} loading="lazy" />
          <figcaption>{picture.title}</figcaption>
        </figure>
      ))}
      {run.summary ? (
        <div className="today__result">
          <h4>Summary</h4>
          {run.summaryHtml ? (
            <div className="today__markdown" dangerouslySetInnerHTML={{ __html: run.summaryHtml }} />
          ) : (
            <p>{run.summary}</p>
          )}
        </div>
      ) : null}
      <Link to={run.href} className={buttonClass({ variant: "secondary", size: "small" })}>
        {run.status === "completed" ? "See it" : "Go on"}
        <span className="visually-hidden"> ({run.title})</span>
      </Link>
    </li>
  );
}

/** A part of the day: its heading, then its items or, when it has none, what it says instead. */
function Part({
  id,
  title,
  empty,
  children,
}: {
  id: string;
  title: string;
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="today__section">
      <h2 id={`${id}-heading`}>{title}</h2>
      {empty === null ? children : <p>{empty}</p>}
    </section>
  );
}

/** /today for a signed-out visitor: why there is nothing to see, the onboarding, and Log In (back to /today). */
export function SignedOutToday(props: AppChrome & { onboardingHref: string }) {
  return (
    <AppFrame chrome={props} signInLine={false}>
      <h1 className="app-onboarding__title">Today</h1>
      <section aria-labelledby="signed-out-heading" className="today__card">
        <h2 id="signed-out-heading">Log in to see your day</h2>
        <p>{SIGNED_OUT_TODAY}</p>
        <div className="today__choices">
          <Link to={props.onboardingHref} className={buttonClass({ variant: "primary" })}>
            Get my plan
          </Link>
          <Link to={props.signInHref} className={buttonClass({ variant: "secondary" })} preventScrollReset>
            Log in
          </Link>
        </div>
      </section>
    </AppFrame>
  );
}

export function TodayPage(props: TodayPageProps) {
  const navigation = useNavigation();
  const starting = navigation.state === "submitting" ? navigation.formData?.get("activityId") : null;
  const problem = props.quizProblem ?? null;
  const none = (list: unknown[], words: string) => (list.length > 0 ? null : words);
  return (
    <AppFrame chrome={props}>
      <h1 className="app-onboarding__title">Today</h1>
      <PhaseSection props={props} />
      <Part id="activities" title="Activities" empty={none(props.activities, "No activities in this phase.")}>
        <ul className="today__list">
          {props.activities.map((activity) => (
            <li key={activity.id} className="today__item today__activity">
              <div>
                <h3>{activity.title}</h3>
                <p>{activity.cardCount === 1 ? "1 card" : `${activity.cardCount} cards`}</p>
              </div>
              <Form method="post">
                <input type="hidden" name="intent" value="start" />
                <input type="hidden" name="activityId" value={activity.id} />
                <Button type="submit" variant="primary" loading={starting === activity.id}>
                  Start<span className="visually-hidden"> {activity.title}</span>
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      </Part>
      <Part id="stories" title="Stories" empty={none(props.stories, "No stories in this phase.")}>
        {props.stories.map((story) => (
          <article key={story.id} className="today__item" aria-labelledby={`story-${story.id}`}>
            <h3 id={`story-${story.id}`}>{story.title}</h3>
            {/* renderMarkdown escapes raw HTML and refuses unsafe link and image addresses. */}
            <div className="today__markdown" dangerouslySetInnerHTML={{ __html: story.html }} />
          </article>
        ))}
      </Part>
      <Part id="quizzes" title="Quizzes" empty={none(props.quizzes, "No quizzes in this phase.")}>
        {props.quizzes.map((quiz) => (
          <QuizForm key={quiz.id} quiz={quiz} problem={problem?.quizId === quiz.id ? problem : null} />
        ))}
      </Part>
      <Part id="runs" title="Your activities" empty={none(props.runs, "No activities done yet. Start one above.")}>
        <ul className="today__list">
          {props.runs.map((run) => (
            <PastRun key={run.id} run={run} />
          ))}
        </ul>
      </Part>
    </AppFrame>
  );
}
