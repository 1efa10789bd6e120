/**
 * /dashboard/builder/brainstorm: type what the app is about (and who for, and your own expertise)
 * and get app ideas to build. A plain form (works without JavaScript); the creator's recent
 * brainstorms below it.
 */
import { longDateText } from "~/platform/format";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AppSwitcher } from "~/features/builder/components/AppSwitcher";
import { Button } from "~/ui/Button";
import { Textarea } from "~/ui/Textarea";
import { TextInput } from "~/ui/TextInput";
import type { BrainstormFormAnswer, brainstormPage } from "./brainstorm.server";

const STATUS_TEXT = { pending: "Brainstorming…", completed: "Ideas ready", failed: "Failed" } as const;

export function BrainstormPage() {
  const { recent, usage } = useLoaderData<Awaited<ReturnType<typeof brainstormPage>>>();
  const answer = useActionData<BrainstormFormAnswer>();
  const errors = answer?.errors ?? {};
  const values = answer?.values ?? {};
  const sending = useNavigation().state === "submitting";
  const left = Math.max(0, usage.limit - usage.used);
  return (
    <div className="container builder brainstorm">
      <nav aria-label="Breadcrumb" className="builder-crumbs">
        <Link to="/dashboard">Dashboard</Link> / <span aria-current="page">Brainstorm</span>
      </nav>
      <header className="builder-header">
        <h1>Brainstorm app ideas</h1>
        <div className="builder-header__links">
          <AppSwitcher onlyIfAny />
        </div>
      </header>
      <p className="builder-note">
        Tell us what your app is about and who it is for. You get five app ideas, each with a promise, sample questions
        and a plan outline, ready to build.
      </p>
      {errors.form ? (
        <p role="alert" className="builder-errors">
          {errors.form}
        </p>
      ) : null}
      <Form method="post" className="brainstorm__form">
        <TextInput
          label="What is your app about?"
          name="interest"
          required
          maxLength={200}
          defaultValue={values.interest}
          error={errors.interest}
          alwaysShowError
          hint="For example: yoga for desk workers, beginner guitar, Spanish for travel."
        />
        <TextInput
          label="Who is it for? (optional)"
          name="audience"
          maxLength={200}
          defaultValue={values.audience}
          error={errors.audience}
          alwaysShowError
        />
        <Textarea
          label="Your expertise (optional)"
          name="expertise"
          rows={3}
          limit={500}
          defaultValue={values.expertise}
          error={errors.expertise}
          alwaysShowError
        />
        <p className="builder-muted">
          {left} of {usage.limit} AI generations left today.
        </p>
        <Button type="submit" variant="primary" loading={sending}>
          Brainstorm ideas
        </Button>
      </Form>
      <section aria-labelledby="recent-heading" className="brainstorm__recent">
        <h2 id="recent-heading">Your brainstorms</h2>
        {recent.length === 0 ? (
          <p className="builder-muted">No brainstorms yet. Your ideas will be listed here.</p>
        ) : (
          <ul>
            {recent.map((b) => (
              <li key={b.brainstormId}>
                <Link to={`/dashboard/builder/brainstorm/${b.brainstormId}`}>
                  {b.interest}
                  {b.audience ? ` · ${b.audience}` : ""}
                </Link>{" "}
                <span className="builder-muted">
                  {STATUS_TEXT[b.status]} · {longDateText(b.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
