/**
 * The plan page: while the plan is being made, a progress bar (the job's progress) that refreshes
 * itself without JavaScript (<meta refresh> inside <noscript>) and, with JavaScript, follows the
 * job's room live and polls checkPlanStatus as a fallback; 'failed' with Try again; the finished
 * plan: title, description, the 'Time to Race Day' countdown, target date, a timeline of phases,
 * Retake the questions, Make a new plan, and the way to buy.
 */
import { dateText, longDateText } from "~/platform/format";
import { Form, Link, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { Plan } from "~/db/app-content";
import { PlanPicker } from "~/features/apps/components/PlanPicker";
import type { AppPlans } from "~/features/apps/payment-options.server";
import { AppFrame, type AppChrome } from "~/features/apps/components/AppFrame";
import { useRealtime } from "~/features/realtime/useRealtime";
import { Button, buttonClass } from "~/ui/Button";
import { ProgressBar } from "~/ui/ProgressBar";
import { nextPollDelay, phaseLabel, readPlanJobMessage, REFRESH_SECONDS } from "~/features/plans/rules";

export interface PlanPageProps extends AppChrome {
  view: { status: string; plan: Plan | null; progress: number; jobId: string | null; room: string | null };
  checkStatusPath: string;
  retakeHref: string;
  storefrontSlug: string;
  appSlug: string;
  /** The app's plans to buy (null in a creator's preview). */
  plans: AppPlans | null;
  /** /today, when the visitor may use the app. */
  todayHref: string | null;
  now: number;
  /** Why "Make a new plan" or "Try again" was refused (a new plan past its limits). */
  formError?: string | null;
}

type Live = { status: string; plan: Plan | null; progress: number };

/**
 * With JavaScript: listens to the job's room and polls checkPlanStatus (the rule in plans/rules.ts:
 * every ~1.75 s while pending; a completed plan with fewer than 13 phases up to 3 more times at
 * 1500 ms); when the plan is there, the page's data is reloaded so the server renders it.
 */
function useLivePlan(props: PlanPageProps): Live {
  const [live, setLive] = useState<Live>({
    status: props.view.status,
    plan: props.view.plan,
    progress: props.view.progress,
  });
  const revalidator = useRevalidator();
  const retries = useRef(0);
  const pending = live.status === "pending";
  useEffect(
    () => setLive({ status: props.view.status, plan: props.view.plan, progress: props.view.progress }),
    [props.view.status, props.view.plan, props.view.progress],
  );
  useRealtime(pending ? props.view.room : null, {
    onMessage: (data) => {
      const message = readPlanJobMessage(data);
      if (!message || message.jobId !== props.view.jobId) return;
      setLive((current) => ({ ...current, progress: Math.max(current.progress, message.progress) }));
      if (message.status === "completed" || message.status === "failed") revalidator.revalidate();
    },
  });
  useEffect(() => {
    if (props.view.status !== "pending" && !(props.view.status === "completed" && props.view.plan)) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let answer: { status: string; plan: Plan | null } = { status: props.view.status, plan: props.view.plan };
    const schedule = () => {
      const delay = nextPollDelay(answer, retries.current);
      if (delay === null || stopped) return;
      if (answer.status === "completed") retries.current += 1;
      timer = setTimeout(poll, delay);
    };
    const poll = async () => {
      try {
        const response = await fetch(props.checkStatusPath, { headers: { Accept: "application/json" } });
        const body = (await response.json()) as { status: string; plan: Plan | null; progress?: number };
        if (stopped) return;
        const was = answer.status;
        answer = { status: body.status, plan: body.plan };
        setLive((current) => ({
          status: body.status === "error" ? current.status : body.status,
          plan: body.plan ?? current.plan,
          progress: Math.max(current.progress, body.progress ?? 0),
        }));
        if (body.status !== was && body.status !== "error") revalidator.revalidate();
      } catch {
        /* offline for a moment: the next poll tries again */
      }
      schedule();
    };
    schedule();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
    // Restart only when the server's answer changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.view.status, props.view.jobId]);
  return live;
}

function formatDate(iso: string) {
  const ms = Date.parse(`${iso}T00:00:00Z`);
  if (Number.isNaN(ms)) return iso;
  return dateText(ms);
}

function daysLeft(targetDate: string, now: number) {
  const ms = Date.parse(`${targetDate}T00:00:00Z`);
  if (Number.isNaN(ms)) return null;
  return Math.max(0, Math.ceil((ms - now) / 86_400_000));
}

function BuySection({ plans }: { plans: AppPlans | null }) {
  if (!plans) return null;
  const active = plans.activePlan;
  return (
    <section aria-labelledby="buy-heading" className="plan__buy">
      <h2 id="buy-heading">Keep going with your plan</h2>
      {active ? (
        <p>
          You have the {active.interval === "year" ? "annual" : "monthly"} plan for {plans.appName}, active until{" "}
          {longDateText(active.currentPeriodEnd)}.
        </p>
      ) : (
        <>
          <p>Unlock every week of your plan, check-ins and updates as you train.</p>
          <PlanPicker
            storefrontSlug={plans.storefrontSlug}
            appSlug={plans.appSlug}
            plans={plans.plans}
            idempotencyKey={plans.idempotencyKey}
            legend={plans.selectPlanText || "Choose your plan"}
          />
        </>
      )}
    </section>
  );
}

function PlanView({ plan, props }: { plan: Plan; props: PlanPageProps }) {
  const days = daysLeft(plan.targetDate, props.now);
  return (
    <>
      <h1 className="app-onboarding__title">{plan.title}</h1>
      <p className="app-onboarding__description">{plan.description}</p>
      {props.todayHref ? (
        <p>
          <Link to={props.todayHref} className={buttonClass({ variant: "secondary" })}>
            Go to today
          </Link>
        </p>
      ) : null}
      <section aria-labelledby="countdown-heading" className="plan__countdown">
        <h2 id="countdown-heading">{plan.timeToTargetLabel}</h2>
        <p className="plan__countdown-title">{plan.timeToTargetTitle}</p>
        {days !== null ? (
          <p className="plan__countdown-days">{days === 1 ? "1 day to go" : `${days} days to go`}</p>
        ) : null}
        <p>{plan.timeToTargetDescription}</p>
        <p>
          Target date: <time dateTime={plan.targetDate}>{formatDate(plan.targetDate)}</time> · {plan.programLengthWeeks}{" "}
          {plan.programLengthWeeks === 1 ? "week" : "weeks"}
        </p>
      </section>
      <section aria-labelledby="timeline-heading" className="plan__timeline">
        <h2 id="timeline-heading">Your phases</h2>
        <ol className="plan__phases">
          {plan.phases.map((phase, index) => (
            <li key={phase.id} className="plan__phase">
              <h3 className="plan__phase-title">{phase.title}</h3>
              <p className="plan__phase-meta">
                {phaseLabel(plan.phases, index)} · <time dateTime={phase.startDate}>{formatDate(phase.startDate)}</time>{" "}
                – <time dateTime={phase.endDate}>{formatDate(phase.endDate)}</time>
              </p>
              {phase.focus ? <p>{phase.focus}</p> : null}
              {phase.sessions.length > 0 ? (
                <ul className="plan__sessions" aria-label={`Sessions for ${phase.title}`}>
                  {phase.sessions.map((session, i) => (
                    <li key={i}>{session}</li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      </section>
      <div className="app-onboarding__actions">
        <Link to={props.retakeHref} className={buttonClass({ variant: "secondary" })}>
          Retake the questions
        </Link>
        <Form method="post">
          <input type="hidden" name="intent" value="regenerate" />
          <Button type="submit" variant="secondary">
            Make a new plan
          </Button>
        </Form>
      </div>
      <BuySection plans={props.plans} />
    </>
  );
}

export function PlanPage(props: PlanPageProps) {
  const live = useLivePlan(props);
  const plan = props.view.status === "completed" ? props.view.plan : null;
  return (
    <AppFrame chrome={props}>
      {props.formError ? (
        <p role="alert" className="app-onboarding__errors">
          {props.formError}
        </p>
      ) : null}
      {plan ? (
        <PlanView plan={plan} props={props} />
      ) : props.view.status === "failed" ? (
        <>
          <h1 className="app-onboarding__title">Your plan failed</h1>
          <p role="alert" className="app-onboarding__errors">
            We could not make your plan. Please try again.
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="regenerate" />
            <Button type="submit" variant="primary">
              Try again
            </Button>
          </Form>
        </>
      ) : (
        <>
          <noscript>
            <meta httpEquiv="refresh" content={String(REFRESH_SECONDS)} />
          </noscript>
          <h1 className="app-onboarding__title">Making your plan…</h1>
          <p className="app-onboarding__description">
            We are building your phases from your answers. This takes a few seconds.
          </p>
          <div role="status" aria-live="polite">
            <ProgressBar value={live.progress} label="Plan progress" showText color="var(--app-primary)" />
          </div>
        </>
      )}
    </AppFrame>
  );
}
