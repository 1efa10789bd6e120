/**
 * The blueprint editor (?mode=blueprint): the summary (goal, description, audience, outcomes), the
 * content items in order (stories, quizzes, activities) with Edit, Move, Remove and Save as
 * example, the "+" suggestions at a place in the list, examples to insert, help, and the version
 * history with Restore. Every change is a form post (works without JavaScript).
 */
import { NoModelNotice } from "~/features/apps/components/NoModelNotice";
import { Form, Link } from "@remix-run/react";
import { useState } from "react";
import { cardText, type Blueprint, type BlueprintItem } from "~/db/app-content";
import { cardsToText, PHASE_LEVELS, quizToText } from "~/features/builder/blueprint-form";
import { History } from "~/features/builder/components/Editors";
import { AppSwitcher } from "~/features/builder/components/AppSwitcher";
import { Select } from "~/features/builder/components/fields";
import { builderPath } from "~/features/builder/rules";
import { Button, buttonClass } from "~/ui/Button";
import { markdownToPlainText } from "~/platform/markdown";
import { Textarea } from "~/ui/Textarea";
import { TextInput } from "~/ui/TextInput";
import type { BlueprintEditorAnswer, BlueprintEditorData } from "./blueprint-editor.server";
import { AutosaveStatus, ItemLivePreview, useBlueprintAutosave, useDragReorder } from "./blueprint-live";

const KIND_LABEL = { story: "Story", quiz: "Quiz", activity: "Activity" } as const;

function Hidden({ values }: { values: Record<string, string> }) {
  return (
    <>
      <input type="hidden" name="section" value="blueprint" />
      {Object.entries(values).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/** A one-button form: a change posted with its hidden fields (Move, Remove, Save as example). */
function PostButton({
  values,
  label,
  ariaLabel,
  disabled,
}: {
  values: Record<string, string>;
  label: string;
  ariaLabel: string;
  disabled?: boolean;
}) {
  return (
    <Form method="post">
      <Hidden values={values} />
      <button type="submit" className="btn btn--secondary btn--small" disabled={disabled} aria-label={ariaLabel}>
        <span className="btn__label">{label}</span>
      </button>
    </Form>
  );
}

function ItemForm({
  item,
  kind,
  answer,
  cancelHref,
  modelConnected,
}: {
  item: BlueprintItem | null;
  kind: BlueprintItem["kind"];
  answer: BlueprintEditorAnswer | undefined;
  cancelHref: string;
  modelConnected: boolean;
}) {
  const mine = answer && answer.itemId === (item?.id ?? "new") ? answer : undefined;
  const value = (name: string, fallback: string) => mine?.values[name] ?? fallback;
  const textName = kind === "story" ? "body" : kind === "quiz" ? "questions" : "cards";
  const initialText = value(
    textName,
    item?.kind === "story"
      ? item.body
      : item?.kind === "quiz"
        ? quizToText(item.questions)
        : item?.kind === "activity"
          ? cardsToText(item.cards)
          : "",
  );
  const [live, setLive] = useState({ title: value("title", item?.title ?? ""), text: initialText });
  const autosave = useBlueprintAutosave();
  return (
    <div className="blueprint-item-editor">
      <Form
        method="post"
        className="blueprint-item-form"
        aria-label={item ? `Edit ${item.title}` : `New ${kind}`}
        onChange={(event) => {
          const form = new FormData(event.currentTarget);
          setLive({ title: String(form.get("title") ?? ""), text: String(form.get(textName) ?? "") });
          // A new item is added by its button only: saving it on every pause would add it again and again.
          if (item) autosave.onChange(event);
        }}
        onSubmit={autosave.onSubmit}
      >
        <Hidden values={{ intent: "save-item", kind, ...(item ? { itemId: item.id } : {}) }} />
        {mine ? (
          <p role="alert" className="builder-errors">
            {mine.error}
          </p>
        ) : null}
        <TextInput label="Title" name="title" required maxLength={120} defaultValue={live.title} />
        {kind === "story" ? (
          <Textarea label="Story (Markdown)" name="body" rows={10} limit={20_000} defaultValue={initialText} />
        ) : kind === "quiz" ? (
          <Textarea
            label="Questions"
            name="questions"
            rows={10}
            hint="A question per line, its options below it starting with '-', the right one with '*'. A blank line between questions."
            defaultValue={initialText}
          />
        ) : (
          <Textarea
            label="Cards"
            name="cards"
            rows={12}
            hint={
              <>
                One card after another, separated by a line with <code>---</code>. A card is Markdown to read, or asks
                for an input: <code>[input number km] How far did you run?</code> (or short-text, long-text, choice with{" "}
                <code>- options</code> below, photo, audio, video, pdf; add <code>optional</code>). AI cards put their
                prompt on the lines below: <code>[analysis "Your pace" reads 2, 3]</code>,{" "}
                <code>[image "Your route" reads 4]</code>, <code>[summary "Your run"]</code>. Cards are numbered from 1.
              </>
            }
            defaultValue={initialText}
          />
        )}
        <div className="blueprint-item-form__actions">
          <Button type="submit" variant="primary">
            {item ? "Save item" : `Add ${KIND_LABEL[kind].toLowerCase()}`}
          </Button>
          <Link to={cancelHref} className={buttonClass({ variant: "secondary" })}>
            <span className="btn__label">{item ? "Close" : "Cancel"}</span>
          </Link>
          <AutosaveStatus status={autosave.status} />
        </div>
      </Form>
      <ItemLivePreview kind={kind} title={live.title} text={live.text} modelConnected={modelConnected} />
    </div>
  );
}

/** An item's words in one line, without their Markdown marks ('### Long run' → 'Long run'). */
const excerpt = (markdown: string, length: number) => markdownToPlainText(markdown).slice(0, length);

function ItemPreview({ item }: { item: BlueprintItem }) {
  if (item.kind === "story") return <p className="blueprint-item__text">{excerpt(item.body, 240)}</p>;
  if (item.kind === "quiz")
    return (
      <p className="blueprint-item__text">
        {item.questions.length} {item.questions.length === 1 ? "question" : "questions"}: {item.questions[0]?.question}
      </p>
    );
  return (
    <p className="blueprint-item__text">
      {item.cards.length} {item.cards.length === 1 ? "card" : "cards"}:{" "}
      {item.cards[0] ? excerpt(cardText(item.cards[0]), 160) : null}
    </p>
  );
}

function PlusLink({ appId, after, label }: { appId: string; after: string; label: string }) {
  return (
    <Link
      to={`${builderPath(appId, { mode: "blueprint", plus: after })}#suggestions`}
      className="blueprint-plus"
      aria-label={label}
    >
      +
    </Link>
  );
}

export function BlueprintEditor({ data, answer }: { data: BlueprintEditorData; answer?: BlueprintEditorAnswer }) {
  const { app, blueprint } = data;
  const items = blueprint.items ?? [];
  const here = (extra: Record<string, string> = {}) => builderPath(app.id, { mode: "blueprint", ...extra });
  const newKind = (["story", "quiz", "activity"] as const).find((k) => data.openItem === `new-${k}`) ?? null;
  const summaryError = answer && answer.itemId === null ? answer : undefined;
  const drag = useDragReorder(items.map((i) => i.id));
  const byId = new Map(items.map((i) => [i.id, i]));
  const ordered = drag.order.map((id) => byId.get(id)).filter((i): i is BlueprintItem => i !== undefined);
  return (
    <div className="container builder blueprint">
      <header className="builder-header">
        <div className="builder-header__title">
          <p className="builder-crumbs">
            <Link to="/dashboard">Dashboard</Link> / <Link to={builderPath(app.id)}>App builder</Link> / Blueprint
          </p>
          <h1>{app.name}: blueprint</h1>
        </div>
        <div className="builder-header__links">
          <AppSwitcher currentAppId={app.id} />
          <Link to={here({ help: "1" })} className={buttonClass({ variant: "secondary", size: "small" })}>
            <span className="btn__label">Help with this blueprint</span>
          </Link>
          <Link
            to={builderPath(app.id, { mode: "media" })}
            className={buttonClass({ variant: "secondary", size: "small" })}
          >
            <span className="btn__label">Media library</span>
          </Link>
          <a href={app.previewOnboardingPath} className={buttonClass({ variant: "secondary", size: "small" })}>
            <span className="btn__label">Preview the plan</span>
          </a>
        </div>
      </header>
      {data.modelConnected ? null : <NoModelNotice what="This blueprint" />}

      {data.help ? (
        <section className="blueprint-help builder-note" aria-labelledby="help-heading">
          <h2 id="help-heading">Help with this blueprint</h2>
          {data.help.value ? (
            <>
              <p>
                <strong>Next step:</strong> {data.help.value.nextStep}
              </p>
              {data.help.value.missing.length > 0 ? (
                <>
                  <h3>Missing</h3>
                  <ul>
                    {data.help.value.missing.map((m) => (
                      <li key={m}>{m}</li>
                    ))}
                  </ul>
                </>
              ) : null}
              {data.help.value.thin.length > 0 ? (
                <>
                  <h3>Thin</h3>
                  <ul>
                    {data.help.value.thin.map((m) => (
                      <li key={m}>{m}</li>
                    ))}
                  </ul>
                </>
              ) : null}
            </>
          ) : (
            <p role="alert">{data.help.error}</p>
          )}
        </section>
      ) : null}

      <div className="blueprint__columns">
        <div className="blueprint__main">
          <section aria-labelledby="summary-heading" className="builder-group">
            <h2 id="summary-heading">Summary</h2>
            {summaryError ? (
              <p role="alert" className="builder-errors">
                {summaryError.error}
              </p>
            ) : null}
            <SummaryForm blueprint={blueprint} />
          </section>

          <PhasesSection data={data} answer={answer} />

          <section aria-labelledby="content-heading" className="builder-group">
            <h2 id="content-heading">Content</h2>
            <p className="builder-muted">
              Stories, quizzes and activities, in the order your users meet them. Use + to get suggestions at that
              place. Drag an item, or use its Move buttons, to change the order.
            </p>
            <PlusLink appId={app.id} after="start" label="Suggestions at the start" />
            {items.length === 0 ? <p>No content yet. Add a story, a quiz or an activity.</p> : null}
            <ol className="blueprint-items" aria-busy={drag.busy}>
              {ordered.map((item, index) => (
                <li
                  key={item.id}
                  className="blueprint-item"
                  id={`item-${item.id}`}
                  {...(data.openItem === item.id ? {} : drag.handlers(item.id))}
                >
                  {data.openItem === item.id ? (
                    <ItemForm
                      item={item}
                      kind={item.kind}
                      answer={answer}
                      cancelHref={here()}
                      modelConnected={data.modelConnected}
                    />
                  ) : (
                    <article aria-labelledby={`item-title-${item.id}`}>
                      <p className="blueprint-item__kind">{KIND_LABEL[item.kind]}</p>
                      <h3 id={`item-title-${item.id}`}>{item.title}</h3>
                      <ItemPreview item={item} />
                      <div className="blueprint-item__buttons">
                        <Link to={`${here({ item: item.id })}#item-${item.id}`} aria-label={`Edit ${item.title}`}>
                          Edit
                        </Link>
                        {(["up", "down"] as const).map((direction) => (
                          <PostButton
                            key={direction}
                            values={{ intent: "move-item", itemId: item.id, direction }}
                            label={direction === "up" ? "Move up" : "Move down"}
                            ariaLabel={`Move ${item.title} ${direction}`}
                            disabled={direction === "up" ? index === 0 : index === ordered.length - 1}
                          />
                        ))}
                        <PostButton
                          values={{ intent: "save-example", itemId: item.id }}
                          label="Save as example"
                          ariaLabel={`Save ${item.title} as an example`}
                        />
                        <PostButton
                          values={{ intent: "remove-item", itemId: item.id }}
                          label="Remove"
                          ariaLabel={`Remove ${item.title}`}
                        />
                      </div>
                    </article>
                  )}
                  <PlusLink appId={app.id} after={item.id} label={`Suggestions after ${item.title}`} />
                </li>
              ))}
            </ol>
            {newKind ? (
              <ItemForm
                item={null}
                kind={newKind}
                answer={answer}
                cancelHref={here()}
                modelConnected={data.modelConnected}
              />
            ) : (
              <p className="blueprint-add">
                Add:{" "}
                {(["story", "quiz", "activity"] as const).map((k) => (
                  <Link
                    key={k}
                    to={`${here({ item: `new-${k}` })}#content-heading`}
                    className={buttonClass({ variant: "secondary", size: "small" })}
                  >
                    <span className="btn__label">{KIND_LABEL[k]}</span>
                  </Link>
                ))}
              </p>
            )}
          </section>
        </div>

        <aside className="blueprint__side" aria-label="Suggestions, examples and history">
          {data.suggestions ? (
            <section id="suggestions" aria-labelledby="suggestions-heading" className="builder-group">
              <h2 id="suggestions-heading">Suggestions</h2>
              {data.suggestions.value ? (
                data.suggestions.value.map((section) => (
                  <div key={section.title} className="blueprint-suggestions">
                    <h3>{section.title}</h3>
                    <ul>
                      {section.items.map((s) => (
                        <li key={s.id}>
                          <Form method="post" className="blueprint-suggestion">
                            <Hidden
                              values={{
                                intent: "insert-suggestion",
                                suggestionId: s.id,
                                title: s.title,
                                content: s.content,
                                after: data.plus ?? "start",
                              }}
                            />
                            <span>{s.title}</span>
                            <button
                              type="submit"
                              className="btn btn--secondary btn--small"
                              aria-label={`Insert ${s.title}`}
                            >
                              <span className="btn__label">Insert</span>
                            </button>
                          </Form>
                        </li>
                      ))}
                    </ul>
                  </div>
                ))
              ) : (
                <p role="alert">{data.suggestions.error}</p>
              )}
              <Link to={here()}>Close suggestions</Link>
            </section>
          ) : null}

          <section aria-labelledby="examples-heading" className="builder-group">
            <h2 id="examples-heading">Examples</h2>
            {data.plus && data.examples.length > 0 ? (
              <p className="builder-muted">Insert puts the example where you opened +.</p>
            ) : null}
            {data.examples.length === 0 ? (
              <p className="builder-muted">Save an item as an example to reuse it here.</p>
            ) : (
              <ul className="blueprint-examples">
                {data.examples.map((e) => (
                  <li key={e.exampleId}>
                    <Form method="post" className="blueprint-suggestion">
                      <Hidden
                        values={{
                          intent: "insert-example",
                          exampleId: e.exampleId,
                          ...(data.plus ? { after: data.plus } : {}),
                        }}
                      />
                      <span>
                        {e.title} <span className="builder-muted">({e.type})</span>
                      </span>
                      <button
                        type="submit"
                        className="btn btn--secondary btn--small"
                        aria-label={`Insert the example ${e.title}`}
                      >
                        <span className="btn__label">Insert</span>
                      </button>
                    </Form>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <History
            title="Blueprint history"
            page={data.versions}
            section="blueprint"
            moreHref={data.versions?.nextCursor ? here({ historyCursor: data.versions.nextCursor }) : null}
          />
        </aside>
      </div>
    </div>
  );
}

/** The summary: what the app is, who it is for, and the plan's title, target and usual length. Autosaves with JavaScript. */
function SummaryForm({ blueprint }: { blueprint: Blueprint }) {
  const autosave = useBlueprintAutosave();
  return (
    <Form method="post" className="blueprint-summary" onChange={autosave.onChange} onSubmit={autosave.onSubmit}>
      <Hidden values={{ intent: "save-summary" }} />
      <TextInput label="Goal" name="goal" required maxLength={200} defaultValue={blueprint.goal} />
      <Textarea label="Description" name="description" rows={3} limit={600} defaultValue={blueprint.description} />
      <TextInput label="Who it is for" name="audience" maxLength={200} defaultValue={blueprint.audience ?? ""} />
      <Textarea
        label="Outcomes"
        name="outcomes"
        rows={4}
        hint="One per line."
        defaultValue={(blueprint.outcomes ?? []).join("\n")}
      />
      <TextInput label="Plan title" name="planTitle" required maxLength={120} defaultValue={blueprint.planTitle} />
      <TextInput
        label="What users count down to"
        name="targetLabel"
        required
        maxLength={40}
        hint="For example Race Day, or Your first recital: the plan shows 'Time to …'."
        defaultValue={blueprint.targetLabel}
      />
      <TextInput
        label="Usual plan length (weeks)"
        name="defaultProgramLengthWeeks"
        type="number"
        min={1}
        max={52}
        required
        defaultValue={String(blueprint.defaultProgramLengthWeeks)}
      />
      <div className="blueprint-item-form__actions">
        <Button type="submit" variant="primary">
          Save summary
        </Button>
        <AutosaveStatus status={autosave.status} />
      </div>
    </Form>
  );
}

const LEVEL_LABEL = {
  all: "Everyone",
  beginner: "Beginners",
  intermediate: "Intermediate",
  advanced: "Advanced",
} as const;

/** The phase templates the plan generator builds every plan from, in training order. */
function PhasesSection({ data, answer }: { data: BlueprintEditorData; answer?: BlueprintEditorAnswer }) {
  const { app, blueprint } = data;
  const phases = blueprint.phaseTemplates;
  const here = (extra: Record<string, string> = {}) => builderPath(app.id, { mode: "blueprint", ...extra });
  return (
    <section aria-labelledby="phases-heading" className="builder-group">
      <h2 id="phases-heading">Phases</h2>
      <p className="builder-muted">
        The building blocks of every plan, in training order. Each user&apos;s plan picks, dates and sizes them from
        their answers; a phase for one level is left out for the others.
      </p>
      <ol className="blueprint-phases">
        {phases.map((phase, index) => (
          <li key={`${index}-${phase.title}`} className="blueprint-item" id={`phase-${index}`}>
            {data.openPhase === String(index) ? (
              <PhaseForm index={index} phase={phase} answer={answer} cancelHref={`${here()}#phase-${index}`} />
            ) : (
              <article aria-labelledby={`phase-title-${index}`}>
                <p className="blueprint-item__kind">
                  Phase {index + 1} · {LEVEL_LABEL[phase.level]}
                </p>
                <h3 id={`phase-title-${index}`}>{phase.title}</h3>
                <p className="blueprint-item__text">{phase.focus}</p>
                <ul className="blueprint-phase__sessions" aria-label={`Sessions of ${phase.title}`}>
                  {phase.sessions.map((session, i) => (
                    <li key={i}>{session}</li>
                  ))}
                </ul>
                <div className="blueprint-item__buttons">
                  <Link
                    to={`${here({ phase: String(index) })}#phase-${index}`}
                    aria-label={`Edit the phase ${phase.title}`}
                  >
                    Edit
                  </Link>
                  {(["up", "down"] as const).map((direction) => (
                    <PostButton
                      key={direction}
                      values={{ intent: "move-phase", phaseIndex: String(index), direction }}
                      label={direction === "up" ? "Move up" : "Move down"}
                      ariaLabel={`Move the phase ${phase.title} ${direction}`}
                      disabled={direction === "up" ? index === 0 : index === phases.length - 1}
                    />
                  ))}
                  <PostButton
                    values={{ intent: "remove-phase", phaseIndex: String(index) }}
                    label="Remove"
                    ariaLabel={`Remove the phase ${phase.title}`}
                    disabled={phases.length === 1}
                  />
                </div>
              </article>
            )}
          </li>
        ))}
      </ol>
      {data.openPhase === "new" ? (
        <PhaseForm index={null} phase={null} answer={answer} cancelHref={`${here()}#phases-heading`} />
      ) : phases.length < 60 ? (
        <p className="blueprint-add">
          <Link
            to={`${here({ phase: "new" })}#phases-heading`}
            className={buttonClass({ variant: "secondary", size: "small" })}
          >
            <span className="btn__label">Add a phase</span>
          </Link>
        </p>
      ) : null}
    </section>
  );
}

function PhaseForm({
  index,
  phase,
  answer,
  cancelHref,
}: {
  index: number | null;
  phase: Blueprint["phaseTemplates"][number] | null;
  answer: BlueprintEditorAnswer | undefined;
  cancelHref: string;
}) {
  const key = index === null ? "phase-new" : `phase-${index}`;
  const mine = answer && answer.itemId === key ? answer : undefined;
  const value = (name: string, fallback: string) => mine?.values[name] ?? fallback;
  const autosave = useBlueprintAutosave();
  const title = phase?.title ?? "new phase";
  return (
    <Form
      method="post"
      className="blueprint-item-form"
      aria-label={phase ? `Edit the phase ${title}` : "New phase"}
      onChange={phase ? autosave.onChange : undefined}
      onSubmit={autosave.onSubmit}
    >
      <Hidden values={{ intent: "save-phase", ...(index === null ? {} : { phaseIndex: String(index) }) }} />
      {mine ? (
        <p role="alert" className="builder-errors">
          {mine.error}
        </p>
      ) : null}
      <TextInput
        label="Phase title"
        name="title"
        required
        maxLength={80}
        defaultValue={value("title", phase?.title ?? "")}
      />
      <Textarea
        label="What it works on"
        name="focus"
        rows={2}
        limit={300}
        defaultValue={value("focus", phase?.focus ?? "")}
      />
      <Textarea
        label="Sessions"
        name="sessions"
        rows={5}
        hint="One per line, up to 7: the week's sessions in this phase."
        defaultValue={value("sessions", (phase?.sessions ?? []).join("\n"))}
      />
      <Select
        name="level"
        label="Who it is for"
        errors={{}}
        defaultValue={value("level", phase?.level ?? "all")}
        options={PHASE_LEVELS.map((level) => ({ value: level, label: LEVEL_LABEL[level] }))}
      />
      <div className="blueprint-item-form__actions">
        <Button type="submit" variant="primary">
          {phase ? "Save phase" : "Add phase"}
        </Button>
        <Link to={cancelHref} className={buttonClass({ variant: "secondary" })}>
          <span className="btn__label">{phase ? "Close" : "Cancel"}</span>
        </Link>
        {phase ? <AutosaveStatus status={autosave.status} /> : null}
      </div>
    </Form>
  );
}
