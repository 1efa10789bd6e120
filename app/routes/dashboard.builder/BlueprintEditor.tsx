/**
 * The blueprint editor (?mode=blueprint): the summary (goal, description, audience, outcomes), the
 * content items in order (stories, quizzes, activities) with Edit, Move, Remove and Save as
 * example, the "+" suggestions at a place in the list, examples to insert, help, and the version
 * history with Restore. Every change is a form post (works without JavaScript).
 */
import { Form, Link } from "@remix-run/react";
import type { BlueprintItem } from "~/db/app-content";
import { cardsToText, quizToText } from "~/features/builder/blueprint-form";
import { History } from "~/features/builder/components/Editors";
import { builderPath } from "~/features/builder/rules";
import { Button, buttonClass } from "~/ui/Button";
import { Textarea } from "~/ui/Textarea";
import { TextInput } from "~/ui/TextInput";
import type { BlueprintEditorAnswer, BlueprintEditorData } from "./blueprint-editor.server";

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

function ItemForm({
  item,
  kind,
  answer,
  cancelHref,
}: {
  item: BlueprintItem | null;
  kind: BlueprintItem["kind"];
  answer: BlueprintEditorAnswer | undefined;
  cancelHref: string;
}) {
  const mine = answer && answer.itemId === (item?.id ?? "new") ? answer : undefined;
  const value = (name: string, fallback: string) => mine?.values[name] ?? fallback;
  return (
    <Form method="post" className="blueprint-item-form" aria-label={item ? `Edit ${item.title}` : `New ${kind}`}>
      <Hidden values={{ intent: "save-item", kind, ...(item ? { itemId: item.id } : {}) }} />
      {mine ? (
        <p role="alert" className="builder-errors">
          {mine.error}
        </p>
      ) : null}
      <TextInput label="Title" name="title" required maxLength={120} defaultValue={value("title", item?.title ?? "")} />
      {kind === "story" ? (
        <Textarea
          label="Story (Markdown)"
          name="body"
          rows={10}
          limit={20_000}
          defaultValue={value("body", item?.kind === "story" ? item.body : "")}
        />
      ) : kind === "quiz" ? (
        <Textarea
          label="Questions"
          name="questions"
          rows={10}
          hint="A question per line, its options below it starting with '-', the right one with '*'. A blank line between questions."
          defaultValue={value("questions", item?.kind === "quiz" ? quizToText(item.questions) : "")}
        />
      ) : (
        <Textarea
          label="Cards"
          name="cards"
          rows={10}
          hint="One card after another, separated by a line with ---. Markdown."
          defaultValue={value("cards", item?.kind === "activity" ? cardsToText(item.cards) : "")}
        />
      )}
      <div className="blueprint-item-form__actions">
        <Button type="submit" variant="primary">
          {item ? "Save item" : `Add ${KIND_LABEL[kind].toLowerCase()}`}
        </Button>
        <Link to={cancelHref} className={buttonClass({ variant: "secondary" })}>
          <span className="btn__label">Cancel</span>
        </Link>
      </div>
    </Form>
  );
}

function ItemPreview({ item }: { item: BlueprintItem }) {
  if (item.kind === "story") return <p className="blueprint-item__text">{item.body.slice(0, 240)}</p>;
  if (item.kind === "quiz")
    return (
      <p className="blueprint-item__text">
        {item.questions.length} {item.questions.length === 1 ? "question" : "questions"}: {item.questions[0]?.question}
      </p>
    );
  return (
    <p className="blueprint-item__text">
      {item.cards.length} {item.cards.length === 1 ? "card" : "cards"}: {item.cards[0]?.body.slice(0, 160)}
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
  return (
    <div className="builder blueprint">
      <header className="builder-header">
        <div className="builder-header__title">
          <p className="builder-crumbs">
            <Link to="/dashboard">Dashboard</Link> / <Link to={builderPath(app.id)}>App builder</Link> / Blueprint
          </p>
          <h1>{app.name}: blueprint</h1>
        </div>
        <div className="builder-header__links">
          <Link to={here({ help: "1" })} className={buttonClass({ variant: "secondary", size: "small" })}>
            <span className="btn__label">Help with this blueprint</span>
          </Link>
          <a href={app.previewOnboardingPath} className={buttonClass({ variant: "secondary", size: "small" })}>
            <span className="btn__label">Preview the plan</span>
          </a>
        </div>
      </header>

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
            <Form method="post" className="blueprint-summary">
              <Hidden values={{ intent: "save-summary" }} />
              <TextInput label="Goal" name="goal" required maxLength={200} defaultValue={blueprint.goal} />
              <Textarea
                label="Description"
                name="description"
                rows={3}
                limit={600}
                defaultValue={blueprint.description}
              />
              <TextInput
                label="Who it is for"
                name="audience"
                maxLength={200}
                defaultValue={blueprint.audience ?? ""}
              />
              <Textarea
                label="Outcomes"
                name="outcomes"
                rows={4}
                hint="One per line."
                defaultValue={(blueprint.outcomes ?? []).join("\n")}
              />
              <Button type="submit" variant="primary">
                Save summary
              </Button>
            </Form>
          </section>

          <section aria-labelledby="content-heading" className="builder-group">
            <h2 id="content-heading">Content</h2>
            <p className="builder-muted">
              Stories, quizzes and activities, in the order your users meet them. Use + to get suggestions at that
              place.
            </p>
            <PlusLink appId={app.id} after="start" label="Suggestions at the start" />
            {items.length === 0 ? <p>No content yet. Add a story, a quiz or an activity.</p> : null}
            <ol className="blueprint-items">
              {items.map((item, index) => (
                <li key={item.id} className="blueprint-item" id={`item-${item.id}`}>
                  {data.openItem === item.id ? (
                    <ItemForm item={item} kind={item.kind} answer={answer} cancelHref={here()} />
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
                          <Form method="post" key={direction}>
                            <Hidden values={{ intent: "move-item", itemId: item.id, direction }} />
                            <button
                              type="submit"
                              className="btn btn--secondary btn--small"
                              disabled={direction === "up" ? index === 0 : index === items.length - 1}
                              aria-label={`Move ${item.title} ${direction}`}
                            >
                              <span className="btn__label">{direction === "up" ? "Move up" : "Move down"}</span>
                            </button>
                          </Form>
                        ))}
                        <Form method="post">
                          <Hidden values={{ intent: "save-example", itemId: item.id }} />
                          <button
                            type="submit"
                            className="btn btn--secondary btn--small"
                            aria-label={`Save ${item.title} as an example`}
                          >
                            <span className="btn__label">Save as example</span>
                          </button>
                        </Form>
                        <Form method="post">
                          <Hidden values={{ intent: "remove-item", itemId: item.id }} />
                          <button
                            type="submit"
                            className="btn btn--secondary btn--small"
                            aria-label={`Remove ${item.title}`}
                          >
                            <span className="btn__label">Remove</span>
                          </button>
                        </Form>
                      </div>
                    </article>
                  )}
                  <PlusLink appId={app.id} after={item.id} label={`Suggestions after ${item.title}`} />
                </li>
              ))}
            </ol>
            {newKind ? (
              <ItemForm item={null} kind={newKind} answer={answer} cancelHref={here()} />
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
            {data.examples.length === 0 ? (
              <p className="builder-muted">Save an item as an example to reuse it here.</p>
            ) : (
              <ul className="blueprint-examples">
                {data.examples.map((e) => (
                  <li key={e.exampleId}>
                    <Form method="post" className="blueprint-suggestion">
                      <Hidden values={{ intent: "insert-example", exampleId: e.exampleId }} />
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
