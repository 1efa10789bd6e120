/**
 * /dashboard/builder/new: the guided build. The idea names a practice the studio's templates do not
 * know and no AI model is connected, so the creator says what only they know; their milestones become
 * the plan's phases and their session its weekly work. A plain form (works without JavaScript).
 */
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { clearIdeaDraft } from "~/features/apps/rules";
import { GUIDE_LIMITS } from "~/features/builder/rules";
import { Button } from "~/ui/Button";
import { Textarea } from "~/ui/Textarea";
import { TextInput } from "~/ui/TextInput";
import type { GuideFormAnswer, guidePage } from "./guide.server";

export function GuidePage() {
  const { idea, start } = useLoaderData<Awaited<ReturnType<typeof guidePage>>>();
  const answer = useActionData<GuideFormAnswer>();
  const errors = answer?.errors ?? {};
  const values = answer?.values ?? {};
  const navigation = useNavigation();
  const intent = navigation.formData?.get("intent");
  const sending = navigation.state === "submitting";

  // The build has started: the dashboard's copy of the idea in this browser is done with.
  useEffect(() => {
    if (navigation.state === "loading" && navigation.location?.pathname.startsWith("/dashboard/builder/jobs/")) {
      try {
        clearIdeaDraft(window.localStorage);
      } catch (error) {
        console.warn("app idea draft: no local storage", error);
      }
    }
  }, [navigation.state, navigation.location]);

  return (
    <div className="container builder guide">
      <nav aria-label="Breadcrumb" className="builder-crumbs">
        <Link to="/dashboard">Dashboard</Link> / <span aria-current="page">New app</span>
      </nav>
      <header className="builder-header">
        <h1>Tell us about {start.subject}</h1>
      </header>
      <p className="builder-note">
        No AI model is connected, and {start.subject.toLowerCase()} is not one of the practices the studio&apos;s
        templates know. So your app is written from your answers: your milestones become the plan&apos;s phases, your
        session is each week&apos;s work, and what to avoid goes into the app&apos;s advice. Everything stays editable
        afterwards.
      </p>
      <p className="guide__idea">
        <span className="builder-muted">Your idea:</span> {idea}{" "}
        <Link to="/dashboard#new-app" className="builder-muted">
          Change it
        </Link>
      </p>
      {errors.form ? (
        <p role="alert" className="builder-errors">
          {errors.form}
        </p>
      ) : null}
      <Form method="post" className="guide__form" noValidate>
        <input type="hidden" name="appIdea" value={idea} />
        <TextInput
          label="What will your users be able to do at the end?"
          name="outcome"
          required
          maxLength={GUIDE_LIMITS.outcomeMax}
          defaultValue={values.outcome ?? start.outcome}
          error={errors.outcome}
          alwaysShowError
          hint="One line, in your users' words."
        />
        <Textarea
          label="Milestones on the way, one per line"
          name="milestones"
          rows={6}
          required
          defaultValue={values.milestones}
          error={errors.milestones}
          alwaysShowError
          hint={`${GUIDE_LIMITS.milestonesMin} to ${GUIDE_LIMITS.milestonesMax} steps, in the order a learner reaches them. Each becomes a phase of the plan.`}
        />
        <TextInput
          label="What does one session look like?"
          name="session"
          required
          maxLength={GUIDE_LIMITS.sessionMax}
          defaultValue={values.session}
          error={errors.session}
          alwaysShowError
          hint="What a learner sits down and does, in a few words."
        />
        <TextInput
          label="How long is one session, in minutes?"
          name="sessionMinutes"
          type="number"
          inputMode="numeric"
          min={GUIDE_LIMITS.minutesMin}
          max={GUIDE_LIMITS.minutesMax}
          required
          defaultValue={values.sessionMinutes ?? String(start.sessionMinutes)}
          error={errors.sessionMinutes}
          alwaysShowError
        />
        <Textarea
          label="What should learners avoid? (optional)"
          name="avoid"
          rows={2}
          limit={GUIDE_LIMITS.avoidMax}
          defaultValue={values.avoid}
          error={errors.avoid}
          alwaysShowError
          hint="Common mistakes, or anything unsafe. It goes into the app's advice and its FAQ."
        />
        <div className="guide__actions">
          <Button
            type="submit"
            name="intent"
            value="build"
            variant="primary"
            loading={sending && intent === "build"}
            disabled={sending}
          >
            Build my app
          </Button>
          <Button type="submit" name="intent" value="skip" variant="secondary" disabled={sending}>
            Skip: build from my idea alone
          </Button>
        </div>
      </Form>
    </div>
  );
}
