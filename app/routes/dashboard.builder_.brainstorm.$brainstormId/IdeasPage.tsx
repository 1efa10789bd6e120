/**
 * A brainstorm's page: a progress bar while its job runs (refreshing itself without JavaScript),
 * then the ideas as cards, each with its promise, audience, outcome, three sample onboarding
 * questions, a phase outline and "Build this app"; Try again when it failed.
 */
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { JobProgress } from "~/features/jobs/components/JobProgress";
import { Button } from "~/ui/Button";
import type { IdeasFormAnswer, ideasPage } from "./ideas.server";

export function IdeasPage() {
  const { brainstorm, statusPath } = useLoaderData<Awaited<ReturnType<typeof ideasPage>>>();
  const answer = useActionData<IdeasFormAnswer>();
  const navigation = useNavigation();
  const building = navigation.state === "submitting" ? navigation.formData?.get("index") : null;
  const typed = [brainstorm.interest, brainstorm.audience && `for ${brainstorm.audience}`].filter(Boolean).join(" ");
  return (
    <div className="container builder brainstorm">
      <nav aria-label="Breadcrumb" className="builder-crumbs">
        <Link to="/dashboard">Dashboard</Link> / <Link to="/dashboard/builder/brainstorm">Brainstorm</Link> /{" "}
        <span aria-current="page">{brainstorm.interest}</span>
      </nav>
      <h1>App ideas: {typed}</h1>
      {answer?.error && answer.index === null ? (
        <p role="alert" className="builder-errors">
          {answer.error}
        </p>
      ) : null}
      {brainstorm.status === "pending" ? (
        <>
          <p className="builder-note">We are brainstorming app ideas for you. This takes a few seconds.</p>
          {brainstorm.job ? (
            <JobProgress
              jobId={brainstorm.job.jobId}
              room={brainstorm.job.room}
              status={brainstorm.job.status}
              progress={brainstorm.job.progress}
              statusPath={statusPath}
              label="Brainstorm progress"
            />
          ) : null}
        </>
      ) : brainstorm.status === "failed" ? (
        <>
          <p role="alert" className="builder-errors">
            {brainstorm.error}
          </p>
          <Form method="post">
            <Button type="submit" name="intent" value="retry" variant="primary">
              Try again
            </Button>
          </Form>
        </>
      ) : (
        <ol className="brainstorm__ideas">
          {brainstorm.apps.map((idea, index) => (
            <li key={index} className="brainstorm__idea">
              <article aria-labelledby={`idea-${index}`}>
                <h2 id={`idea-${index}`}>{idea.name}</h2>
                <p className="brainstorm__promise">{idea.promise}</p>
                <dl className="brainstorm__facts">
                  <dt>For</dt>
                  <dd>{idea.audience}</dd>
                  <dt>Outcome</dt>
                  <dd>{idea.outcome}</dd>
                </dl>
                <h3>Sample onboarding questions</h3>
                <ul>
                  {idea.questions.map((q) => (
                    <li key={q}>{q}</li>
                  ))}
                </ul>
                <h3>Plan outline</h3>
                <ol className="brainstorm__phases">
                  {idea.phases.map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </ol>
                {answer?.error && answer.index === index ? (
                  <p role="alert" className="builder-errors">
                    {answer.error}
                  </p>
                ) : null}
                <Form method="post">
                  <input type="hidden" name="index" value={index} />
                  <Button
                    type="submit"
                    name="intent"
                    value="build"
                    variant={index === 0 ? "primary" : "secondary"}
                    loading={building === String(index)}
                    aria-label={`Build this app: ${idea.name}`}
                  >
                    Build this app
                  </Button>
                </Form>
              </article>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
