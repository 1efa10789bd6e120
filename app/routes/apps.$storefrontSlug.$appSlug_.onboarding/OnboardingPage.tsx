/**
 * One onboarding step: a plain form post (works without JavaScript) with the page's questions, a
 * "Step n of m" progress bar, Back, and "Already have an account? Sign in". All six question types
 * are real form controls with labels: radio group, checkboxes, text, number, date, range slider
 * (its value shown next to it).
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import { useState } from "react";
import type { OnboardingPage, Question } from "~/db/app-content";
import { AppFrame, type AppChrome } from "~/features/apps/components/AppFrame";
import { Button, buttonClass } from "~/ui/Button";
import { ProgressBar } from "~/ui/ProgressBar";

type Values = Record<string, unknown>;

function initial(question: Question, values: Values): string[] {
  const value = values[question.key];
  if (value === undefined || value === null || value === "") return [];
  return Array.isArray(value) ? value.map(String) : [String(value)];
}

function describedBy(...ids: (string | null | undefined | false)[]) {
  const list = ids.filter(Boolean).join(" ");
  return list || undefined;
}

function ErrorText({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className="field__error">
      {error}
    </p>
  ) : null;
}

function Slider({
  question,
  value,
  errorId,
  helpId,
  error,
}: {
  question: Question;
  value: string;
  errorId: string;
  helpId: string | null;
  error?: string;
}) {
  const min = question.min ?? 0;
  const max = question.max ?? 10;
  const [current, setCurrent] = useState(value || String(Math.round((min + max) / 2)));
  const id = `q-${question.id}`;
  return (
    <div className="question">
      <label htmlFor={id} className="question__label">
        {question.label}
      </label>
      {question.help ? (
        <p id={helpId!} className="question__help">
          {question.help}
        </p>
      ) : null}
      <div className="question__slider">
        <span aria-hidden="true">{min}</span>
        <input
          id={id}
          type="range"
          name={question.key}
          min={min}
          max={max}
          step={question.step ?? 1}
          value={current}
          onChange={(event) => setCurrent(event.currentTarget.value)}
          aria-valuetext={`${current}${question.unit ? ` ${question.unit}` : ""}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(helpId, error && errorId)}
        />
        <span aria-hidden="true">{max}</span>
        <output htmlFor={id} className="question__value">
          {current}
          {question.unit ? ` ${question.unit}` : ""}
        </output>
      </div>
      <ErrorText id={errorId} error={error} />
    </div>
  );
}

function QuestionField({ question, values, error }: { question: Question; values: Values; error?: string }) {
  const id = `q-${question.id}`;
  const errorId = `${id}-error`;
  const helpId = question.help ? `${id}-help` : null;
  const chosen = initial(question, values);
  const required = question.required ? <span className="question__required"> (required)</span> : null;
  if (question.type === "single_choice" || question.type === "multiple_choice") {
    const type = question.type === "single_choice" ? "radio" : "checkbox";
    return (
      <fieldset
        className="question"
        aria-describedby={describedBy(helpId, error && errorId)}
        aria-invalid={error ? true : undefined}
      >
        <legend className="question__label">
          {question.label}
          {required}
        </legend>
        {question.help ? (
          <p id={helpId!} className="question__help">
            {question.help}
          </p>
        ) : null}
        <div className="question__options">
          {(question.options ?? []).map((option) => (
            <label key={option.value} className="question__option">
              <input
                type={type}
                name={question.key}
                value={option.value}
                defaultChecked={chosen.includes(option.value)}
                required={type === "radio" ? question.required : undefined}
              />
              <span>{option.label}</span>
            </label>
          ))}
        </div>
        <ErrorText id={errorId} error={error} />
      </fieldset>
    );
  }
  if (question.type === "slider")
    return <Slider question={question} value={chosen[0] ?? ""} errorId={errorId} helpId={helpId} error={error} />;
  const inputType = question.type === "number" ? "number" : question.type === "date" ? "date" : "text";
  return (
    <div className="question">
      <label htmlFor={id} className="question__label">
        {question.label}
        {question.unit ? ` (${question.unit})` : ""}
        {required}
      </label>
      {question.help ? (
        <p id={helpId!} className="question__help">
          {question.help}
        </p>
      ) : null}
      <input
        id={id}
        className="text-input question__input"
        type={inputType}
        name={question.key}
        defaultValue={chosen[0] ?? ""}
        min={question.type === "number" ? question.min : undefined}
        max={question.type === "number" ? question.max : undefined}
        step={question.type === "number" ? (question.step ?? "any") : undefined}
        placeholder={question.placeholder}
        required={question.required}
        maxLength={question.type === "short_text" ? 500 : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(helpId, error && errorId)}
      />
      <ErrorText id={errorId} error={error} />
    </div>
  );
}

export interface OnboardingPageProps extends AppChrome {
  page: OnboardingPage;
  answers: Values;
  step: { n: number; m: number };
  isLast: boolean;
  backHref: string | null;
  testingStepId: string | null;
  fieldErrors?: Record<string, string>;
  values?: Values;
  /** Why the last step was refused as a whole (a new plan past its limits). */
  formError?: string | null;
}

export function OnboardingStep(props: OnboardingPageProps) {
  const { page, step, isLast, backHref, fieldErrors } = props;
  const values = props.values ?? props.answers;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const errors = fieldErrors ? Object.keys(fieldErrors).length : 0;
  return (
    <AppFrame chrome={props}>
      <div className="app-onboarding__progress">
        <ProgressBar value={(step.n / step.m) * 100} label={`Step ${step.n} of ${step.m}`} color="var(--app-primary)" />
        <p className="app-onboarding__step">
          Step {step.n} of {step.m}
        </p>
      </div>
      <h1 className="app-onboarding__title">{page.title}</h1>
      {page.description ? <p className="app-onboarding__description">{page.description}</p> : null}
      {errors > 0 ? (
        <p className="app-onboarding__errors" role="alert">
          {errors === 1 ? "One answer needs another look." : `${errors} answers need another look.`}
        </p>
      ) : null}
      {props.formError ? (
        <p className="app-onboarding__errors" role="alert">
          {props.formError}
        </p>
      ) : null}
      <Form method="post" className="app-onboarding__form" noValidate>
        <input type="hidden" name="pageId" value={page.id} />
        {page.questions.map((question) => (
          <QuestionField
            key={`${page.id}-${question.id}`}
            question={question}
            values={values}
            error={fieldErrors?.[question.key]}
          />
        ))}
        <div className="app-onboarding__actions">
          {backHref ? (
            <Link to={backHref} className={buttonClass({ variant: "secondary" })}>
              Back
            </Link>
          ) : null}
          <Button type="submit" variant="primary" loading={busy}>
            {isLast ? "See my plan" : "Next"}
          </Button>
        </div>
      </Form>
    </AppFrame>
  );
}
