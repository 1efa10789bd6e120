/**
 * An activity, card by card: what is done so far (answers, the analysis, the picture, the summary),
 * then the card to do now. Instructions have Next; inputs a labelled field for their type (text, long
 * text, a number with its unit, a choice as radio buttons, a file for photo, audio, video or PDF); AI
 * cards a progress bar while their job runs (JobProgress: a refresh without JavaScript, live with it).
 * Every card is one plain form post. With JavaScript a file is first sent to uploadUserMedia with an
 * upload progress bar (a large photo made smaller first: features/activities/shrink-photo), then the
 * card is answered with its address.
 */
import { Form, Link, useNavigation, useSubmit } from "@remix-run/react";
import { useRef, useState, type FormEvent } from "react";
import type { JobStatusView } from "~/features/jobs/jobs.server";
import type { CardResultView } from "~/features/activities/runs.server";
import { JobProgress } from "~/features/jobs/components/JobProgress";
import { AppFrame, type AppChrome } from "~/features/apps/components/AppFrame";
import { Button, buttonClass } from "~/ui/Button";
import { ProgressBar } from "~/ui/ProgressBar";
import { shrinkPhoto } from "~/features/activities/shrink-photo";
import type { CardProblem, CardView } from "./activity.server";

export interface ActivityScreenProps extends AppChrome {
  appId: string;
  run: {
    id: string;
    activityId: string;
    title: string;
    status: "in-progress" | "completed";
    position: number;
    cards: CardView[];
    results: Record<string, CardResultView>;
    summaryAnalysisText: string | null;
    summaryHtml: string | null;
  };
  job: JobStatusView | null;
  isForSimulation: boolean;
  statusPath: string;
  todayHref: string;
  problem?: CardProblem | null;
}

type InputCard = Extract<CardView, { kind: "input" }>;

const UPLOADS: Record<string, { type: string; accept: string; words: string }> = {
  photo: { type: "image", accept: "image/*", words: "a photo" },
  audio: { type: "audio", accept: "audio/*", words: "an audio file" },
  video: { type: "video", accept: "video/*", words: "a video" },
  pdf: { type: "pdf", accept: "application/pdf", words: "a PDF" },
};

function AnswerText({ card, result }: { card: InputCard; result: CardResultView }) {
  const answer = result.answer ?? {};
  if ("skipped" in answer) return <p>Skipped</p>;
  if ("number" in answer) return <p>{`${String(answer.number)}${card.unit ? ` ${card.unit}` : ""}`}</p>;
  if ("choice" in answer) return <p>{String(answer.choice)}</p>;
  if ("text" in answer) return <p>{String(answer.text)}</p>;
  if (typeof answer.url === "string")
    return answer.type === "image" ? (
      <p className="activity__picture">
        <img src={answer.url} alt={`Your upload for: ${card.prompt}`} />
      </p>
    ) : (
      <p>
        <a href={answer.url}>Your {answer.type === "pdf" ? "PDF" : `${String(answer.type)} file`}</a>
      </p>
    );
  return null;
}

/** A done card: the answer, or what the AI card said (or its fixed failure message). */
function DoneCard({ card, result }: { card: CardView; result: CardResultView | undefined }) {
  if (card.kind === "instruction" || !result || result.status === "pending") return null;
  const r = result.result ?? {};
  const failed = result.status === "failed";
  return (
    <li className="activity__card">
      {card.kind === "input" ? (
        <>
          <h3>{card.prompt}</h3>
          <AnswerText card={card} result={result} />
        </>
      ) : (
        <>
          <h3>{card.title}</h3>
          {failed ? (
            <p className="app-onboarding__errors">
              {String(r.error ?? "")}
              {/* Why, in the product's words (the day's AI requests are used, a file could not be read). */}
              {typeof r.detail === "string" && r.detail !== r.error ? (
                <span className="activity__failure-detail">
                  {/[.!?]$/.test(String(r.error ?? "")) ? " " : ". "}
                  {r.detail}
                </span>
              ) : null}
            </p>
          ) : card.kind === "image" && typeof r.url === "string" ? (
            <p className="activity__picture">
              <img src={r.url} alt={String(r.alt ?? card.title)} />
            </p>
          ) : (
            // The text states its findings itself, in a list.
            <div className="today__markdown" dangerouslySetInnerHTML={{ __html: card.html ?? "" }} />
          )}
        </>
      )}
    </li>
  );
}

function FieldError({ id, error }: { id: string; error: string | null }) {
  return error ? (
    <p id={id} className="field__error" role="alert">
      {error}
    </p>
  ) : null;
}

/** An input card's field, labelled by its prompt. */
function InputField({ card, error, value }: { card: InputCard; error: string | null; value: string }) {
  const id = `card-${card.id}`;
  const errorId = `${id}-error`;
  const optional = card.optional ? <span className="question__required"> (optional)</span> : null;
  const invalid = error ? true : undefined;
  const describedBy = error ? errorId : undefined;
  if (card.inputType === "choice")
    return (
      <fieldset className="question" aria-invalid={invalid} aria-describedby={describedBy}>
        <legend className="question__label">
          {card.prompt}
          {optional}
        </legend>
        <div className="question__options">
          {(card.options ?? []).map((option) => (
            <label key={option} className="question__option">
              <input type="radio" name="value" value={option} defaultChecked={value === option} />
              <span>{option}</span>
            </label>
          ))}
        </div>
        <FieldError id={errorId} error={error} />
      </fieldset>
    );
  const label = (
    <label htmlFor={id} className="question__label">
      {card.prompt}
      {card.inputType === "number" && card.unit ? ` (${card.unit})` : ""}
      {optional}
    </label>
  );
  // The field's own attributes; the label, the name and the error are the same for each kind.
  const field = { id, name: "value", defaultValue: value, "aria-invalid": invalid, "aria-describedby": describedBy };
  return (
    <div className="question">
      {label}
      {card.inputType === "long-text" ? (
        <textarea {...field} className="text-input" rows={6} maxLength={5_000} />
      ) : card.inputType === "number" ? (
        <div className="activity__number">
          <input {...field} className="text-input" type="number" inputMode="decimal" step="any" min={0} />
          {card.unit ? <span aria-hidden="true">{card.unit}</span> : null}
        </div>
      ) : (
        <input {...field} className="text-input question__input" type="text" maxLength={300} />
      )}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

type Uploading = { progress: number } | null;

/** Sends the file to uploadUserMedia with its progress; answers the upload's address, or throws its error in words. */
function sendFile(
  form: { appId: string; type: string; activityId: string; isForSimulation: boolean; file: File },
  onProgress: (percent: number) => void,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const body = new FormData();
    body.set("appId", form.appId);
    body.set("type", form.type);
    body.set("activityId", form.activityId);
    body.set("isForSimulation", String(form.isForSimulation));
    body.set("file", form.file);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/app-builder/uploadUserMedia");
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress((event.loaded / event.total) * 100);
    };
    xhr.onload = () => {
      const answer = xhr.response as { response?: { upload?: { url?: string } }; error?: string } | null;
      const url = answer?.response?.upload?.url;
      if (xhr.status === 201 && url) resolve(url);
      else reject(new Error(answer?.error ?? "The upload failed. Please try again."));
    };
    xhr.onerror = () => reject(new Error("The upload failed: check your connection and try again."));
    xhr.send(body);
  });
}

function UploadCard({ props, card, error }: { props: ActivityScreenProps; card: InputCard; error: string | null }) {
  const upload = UPLOADS[card.inputType]!;
  const submit = useSubmit();
  const navigation = useNavigation();
  const [uploading, setUploading] = useState<Uploading>(null);
  const [clientError, setClientError] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const id = `card-${card.id}`;
  const errorId = `${id}-error`;
  const shown = clientError ?? error;
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    const file = fileRef.current?.files?.[0];
    // No file: the form posts as it is (an optional card is skipped, a required one says why).
    if (!file) return;
    event.preventDefault();
    setClientError(null);
    setUploading({ progress: 0 });
    try {
      const url = await sendFile(
        {
          appId: props.appId,
          type: upload.type,
          activityId: props.run.activityId,
          isForSimulation: props.isForSimulation,
          file: upload.type === "image" ? await shrinkPhoto(file) : file,
        },
        (progress) => setUploading({ progress }),
      );
      const body = new FormData();
      body.set("intent", "answer");
      body.set("cardId", card.id);
      body.set("uploadedUrl", url);
      submit(body, { method: "post" });
    } catch (failure) {
      setClientError((failure as Error).message);
    } finally {
      setUploading(null);
    }
  };
  return (
    <Form method="post" encType="multipart/form-data" className="activity__form" onSubmit={onSubmit} noValidate>
      <input type="hidden" name="intent" value="answer" />
      <input type="hidden" name="cardId" value={card.id} />
      <div className="question">
        <label htmlFor={id} className="question__label">
          {card.prompt}
          {card.optional ? <span className="question__required"> (optional)</span> : null}
        </label>
        <input
          id={id}
          ref={fileRef}
          type="file"
          name="file"
          accept={upload.accept}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? errorId : `${id}-hint`}
        />
        <p id={`${id}-hint`} className="activity__meta">
          Choose {upload.words}
          {card.optional ? ", or go on without one" : ""}.
        </p>
        <FieldError id={errorId} error={shown} />
      </div>
      {uploading ? (
        <div role="status" aria-live="polite">
          <ProgressBar value={uploading.progress} label="Upload progress" showText color="var(--app-primary)" />
        </div>
      ) : null}
      <div className="app-onboarding__actions">
        <Button type="submit" variant="primary" loading={Boolean(uploading) || navigation.state === "submitting"}>
          Next
        </Button>
      </div>
    </Form>
  );
}

function CurrentCard({ props, card }: { props: ActivityScreenProps; card: CardView }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const problem = props.problem?.cardId === card.id ? props.problem : null;
  if (card.kind === "instruction")
    return (
      <section className="activity__card" aria-label="Instructions">
        {/* renderMarkdown escapes raw HTML and refuses unsafe link and image addresses. */}
        <div className="today__markdown" dangerouslySetInnerHTML={{ __html: card.html ?? "" }} />
        <Form method="post">
          <input type="hidden" name="intent" value="next" />
          <input type="hidden" name="cardId" value={card.id} />
          <Button type="submit" variant="primary" loading={busy}>
            Next
          </Button>
        </Form>
      </section>
    );
  if (card.kind === "input") {
    if (UPLOADS[card.inputType])
      return (
        <section className="activity__card" aria-label="Your answer">
          <UploadCard props={props} card={card} error={problem?.error ?? null} />
        </section>
      );
    return (
      <section className="activity__card" aria-label="Your answer">
        <Form method="post" className="activity__form" noValidate>
          <input type="hidden" name="intent" value="answer" />
          <input type="hidden" name="cardId" value={card.id} />
          <InputField card={card} error={problem?.error ?? null} value={problem?.value ?? ""} />
          <div className="app-onboarding__actions">
            <Button type="submit" variant="primary" loading={busy}>
              Next
            </Button>
          </div>
        </Form>
      </section>
    );
  }
  const words = card.kind === "image" ? "Making your picture…" : card.kind === "summary" ? "Summing up…" : "Analysing…";
  return (
    <section className="activity__card" aria-labelledby="working-heading">
      <h2 id="working-heading">{card.title}</h2>
      <p>{words}</p>
      {props.job ? (
        <JobProgress
          key={props.job.jobId}
          jobId={props.job.jobId}
          room={props.job.room}
          status={props.job.status}
          progress={props.job.progress}
          statusPath={props.statusPath}
          label={`${card.title} progress`}
        />
      ) : (
        <>
          <noscript>
            <meta httpEquiv="refresh" content="2" />
          </noscript>
          <p role="status">This takes a few seconds: the page shows the result when it is ready.</p>
        </>
      )}
    </section>
  );
}

export function ActivityScreen(props: ActivityScreenProps) {
  const { run } = props;
  const total = run.cards.length;
  const current = run.status === "in-progress" ? (run.cards[run.position] ?? null) : null;
  const done = run.cards.slice(0, run.status === "completed" ? total : run.position);
  const step = Math.min(run.position + 1, total);
  return (
    <AppFrame chrome={props}>
      <p>
        <Link to={props.todayHref}>Back to today</Link>
      </p>
      <h1 className="app-onboarding__title">{run.title}</h1>
      <div>
        <ProgressBar
          value={run.status === "completed" ? 100 : (run.position / total) * 100}
          label={run.status === "completed" ? "Activity done" : `Card ${step} of ${total}`}
          color="var(--app-primary)"
        />
        <p className="activity__meta">{run.status === "completed" ? "Activity done" : `Card ${step} of ${total}`}</p>
      </div>
      {current ? <CurrentCard props={props} card={current} /> : null}
      {run.status === "completed" ? (
        <section className="activity__card" aria-labelledby="done-heading">
          <h2 id="done-heading">Well done: this activity is complete</h2>
          {run.summaryHtml ? (
            <div className="today__markdown" dangerouslySetInnerHTML={{ __html: run.summaryHtml }} />
          ) : null}
          <Link to={props.todayHref} className={buttonClass({ variant: "primary" })}>
            Back to today
          </Link>
        </section>
      ) : null}
      {done.some((card) => card.kind !== "instruction") ? (
        <section aria-labelledby="so-far-heading" className="today__section">
          <h2 id="so-far-heading">{run.status === "completed" ? "Your activity" : "So far"}</h2>
          <ol className="activity__done">
            {done.map((card) => (
              <DoneCard key={card.id} card={card} result={run.results[card.id]} />
            ))}
          </ol>
        </section>
      ) : null}
    </AppFrame>
  );
}
