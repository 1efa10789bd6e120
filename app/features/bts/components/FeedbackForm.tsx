import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "~/ui/router";
import { Button } from "~/ui/Button";
import { Textarea } from "~/ui/Textarea";
import { COMMENT_MAX, RATING_MAX, RATING_WORDS } from "../rules";
import { feedbackSchema } from "../schema";

const RATINGS = Array.from({ length: RATING_MAX }, (_, i) => i + 1);

/**
 * The viewer's feedback: 1 to 5 stars (a real radio group: arrow keys move between stars, each
 * labelled "3 stars: Good") and an optional comment. Shows the saved answer for editing. Checked in
 * the browser and again on the server with one schema; works as a plain form post without JavaScript.
 */
export function FeedbackForm({
  saved,
  lastResult,
}: {
  saved: { rating: number; comment: string } | null;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "bts-feedback",
    lastResult: lastResult ?? undefined,
    defaultValue: saved ? { rating: String(saved.rating), comment: saved.comment } : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: feedbackSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const ratingError = fields.rating.errors?.[0];
  const ratingErrorId = `${fields.rating.id}-error`;
  const initialRating = Number(fields.rating.initialValue ?? saved?.rating ?? 0);
  const busy = navigation.state === "submitting" && navigation.formData?.has("rating") === true;
  return (
    <Form method="post" {...getFormProps(form)} className="bts-feedback__form" preventScrollReset>
      {form.errors?.length ? (
        <p className="auth-form__error" role="alert">
          {form.errors[0]}
        </p>
      ) : null}
      <fieldset
        className={`star-rating${ratingError ? " star-rating--error" : ""}`}
        aria-describedby={ratingError ? ratingErrorId : undefined}
      >
        <legend className="star-rating__legend">Your rating</legend>
        <div className="star-rating__options" key={fields.rating.key}>
          {RATINGS.map((n) => (
            <label key={n} className="star-rating__option">
              <input
                type="radio"
                name={fields.rating.name}
                value={n}
                defaultChecked={initialRating === n}
                className="star-rating__input"
              />
              <svg className="star-rating__star" viewBox="0 0 24 24" width="32" height="32" aria-hidden="true">
                <path d="M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3L2.9 9.5l6.3-.9z" />
              </svg>
              <span className="star-rating__word">
                <span className="visually-hidden">
                  {n} star{n === 1 ? "" : "s"}:{" "}
                </span>
                {RATING_WORDS[n - 1]}
              </span>
            </label>
          ))}
        </div>
        {ratingError ? (
          <p id={ratingErrorId} className="field__error" role="alert">
            {ratingError}
          </p>
        ) : null}
      </fieldset>
      <Textarea
        key={fields.comment.key}
        label="Comment (optional)"
        name={fields.comment.name}
        defaultValue={(fields.comment.initialValue as string | undefined) ?? saved?.comment ?? ""}
        rows={4}
        limit={COMMENT_MAX}
        hint="What worked, what you'd like to see more of."
        error={fields.comment.errors?.[0]}
        alwaysShowError
      />
      <Button type="submit" loading={busy}>
        {saved ? "Update feedback" : "Send feedback"}
      </Button>
    </Form>
  );
}
