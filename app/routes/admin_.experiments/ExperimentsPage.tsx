/**
 * /admin/experiments: define an A/B test (key, variants with weights, start and last day), edit it,
 * stop it. Plain forms (work without JavaScript); a form's problems show beside its fields.
 */
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Button } from "~/ui/Button";
import { Textarea } from "~/ui/Textarea";
import { TextInput } from "~/ui/TextInput";
import { AdminFormPage } from "~/features/admin/components/AdminFormPage";
import type { ExperimentFormAnswer, experimentsPage } from "./experiments.server";

type PageData = Awaited<ReturnType<typeof experimentsPage>>;
type Experiment = PageData["experiments"][number];

const STATUS = { running: "Running", scheduled: "Scheduled", stopped: "Stopped" } as const;

function DateField({
  id,
  label,
  name,
  value,
  error,
  hint,
}: {
  id: string;
  label: string;
  name: string;
  value: string;
  error?: string;
  hint?: string;
}) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="input"
        type="date"
        name={name}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="auth-form__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function ExperimentForm({
  experiment,
  answer,
  today,
}: {
  experiment?: Experiment;
  answer?: ExperimentFormAnswer;
  today: string;
}) {
  const id = experiment ? `experiment-${experiment.key}` : "experiment-new";
  const mine = answer && answer.form === (experiment?.key ?? "new") ? answer : undefined;
  const errors = mine?.errors ?? {};
  // After a refusal the fields keep what was typed, so it can be corrected.
  const value = (name: keyof Experiment & string, fallback = "") =>
    mine?.values[name] ?? (experiment ? String(experiment[name] ?? "") : fallback);
  return (
    <Form
      method="post"
      className="admin__flag"
      aria-labelledby={`${id}-title`}
      key={`${id}-${mine ? "answer" : "saved"}`}
    >
      <input type="hidden" name="intent" value="save" />
      {experiment ? <input type="hidden" name="editing" value={experiment.key} /> : null}
      <h3 id={`${id}-title`}>
        {experiment ? (
          <>
            {experiment.key} <span className="account__badge">{STATUS[experiment.status]}</span>
          </>
        ) : (
          "New experiment"
        )}
      </h3>
      {errors.form ? (
        <p className="auth-form__error" role="alert">
          {errors.form}
        </p>
      ) : null}
      {experiment ? (
        <input type="hidden" name="key" value={experiment.key} />
      ) : (
        <TextInput
          label="Key"
          name="key"
          id={`${id}-key`}
          maxLength={64}
          defaultValue={value("key")}
          error={errors.key}
          alwaysShowError
          hint="Lower-case letters, digits and '-', like home-hero. Pages ask for an experiment by its key."
        />
      )}
      <Textarea
        label={`Description${experiment ? ` of ${experiment.key}` : ""}`}
        name="description"
        id={`${id}-description`}
        rows={2}
        limit={500}
        defaultValue={value("description")}
        error={errors.description}
        alwaysShowError
      />
      <TextInput
        label={`Variants and weights${experiment ? ` of ${experiment.key}` : ""}`}
        name="variants"
        id={`${id}-variants`}
        maxLength={400}
        defaultValue={value("variants", "A 50, B 50")}
        error={errors.variants}
        alwaysShowError
        hint="Each variant's name and weight, the first being the control: “A 50, B 50” shows B to about half."
      />
      <div className="admin__dates">
        <DateField
          id={`${id}-starts`}
          label="Starts"
          name="startsOn"
          value={value("startsOn", today)}
          error={errors.startsOn}
          hint="From 00:00 UTC that day."
        />
        <DateField
          id={`${id}-stops`}
          label="Last day (optional)"
          name="stopsOn"
          value={value("stopsOn")}
          error={errors.stopsOn}
          hint="It runs to the end of this day (UTC); empty runs until stopped."
        />
      </div>
      <Button type="submit" variant="secondary" size="small">
        {experiment ? `Save ${experiment.key}` : "Add experiment"}
      </Button>
    </Form>
  );
}

export function ExperimentsPage() {
  const { experiments, today } = useLoaderData<PageData>();
  const answer = useActionData<ExperimentFormAnswer>();
  return (
    <AdminFormPage
      title="Experiments"
      intro="A/B tests: each visitor is given a variant by weight, the same one every visit and, once they sign in, on every device. Outside its dates everyone sees the control (the first variant) and nothing is counted."
    >
      <p className="admin__empty">
        Results per variant are on <Link to="/admin/analytics">Analytics</Link>. The home hero&apos;s B words are the
        homepage-hero flag&apos;s titleB and descriptionB on <Link to="/admin">Admin</Link>.
      </p>
      <section aria-labelledby="experiments-list" className="admin__section">
        <h2 id="experiments-list">Defined</h2>
        {experiments.length === 0 ? <p className="admin__empty">No experiments yet: add the first below.</p> : null}
        {experiments.map((experiment) => (
          <div key={experiment.key} className="admin__experiment">
            <ExperimentForm experiment={experiment} answer={answer} today={today} />
            {experiment.status !== "stopped" ? (
              <Form method="post" className="admin__stop">
                <input type="hidden" name="intent" value="stop" />
                <input type="hidden" name="key" value={experiment.key} />
                <Button type="submit" variant="destructive" size="small">
                  Stop {experiment.key} now
                </Button>
              </Form>
            ) : null}
          </div>
        ))}
      </section>
      <section aria-labelledby="experiments-new" className="admin__section">
        <h2 id="experiments-new" className="visually-hidden">
          Add an experiment
        </h2>
        <ExperimentForm answer={answer} today={today} />
      </section>
    </AdminFormPage>
  );
}
