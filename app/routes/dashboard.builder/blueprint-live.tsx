/**
 * The blueprint editor's JavaScript layer, on top of forms that work without it: autosave as you
 * type (a fetcher post of the same form with autosave=1, 1.5 s after the last change), a live
 * preview of the item being written (a story's Markdown, a quiz or an activity as its users meet
 * it, with the quiz's problem shown as you type), and drag to reorder the content list (the Move
 * up / Move down buttons stay for the keyboard and for pages without JavaScript).
 */
import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState, type DragEvent, type FormEvent } from "react";
import type { ActivityCard, BlueprintItem } from "~/db/app-content";
import { cardsFromText, quizFromText } from "~/features/builder/blueprint-form";
import { AUTOSAVE_DELAY_MS } from "~/features/builder/rules";

type AutosaveAnswer = { ok: true; savedAt: number } | { error: string };

/** Autosave for a form that edits something that already exists (never a new item: that would add one per pause). */
export function useBlueprintAutosave() {
  const fetcher = useFetcher<AutosaveAnswer>();
  const location = useLocation();
  const [dirty, setDirty] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && "ok" in fetcher.data) setDirty(false);
  }, [fetcher.state, fetcher.data]);

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    setDirty(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const data = new FormData(form);
      data.set("autosave", "1");
      fetcher.submit(data, { method: "post", action: `${location.pathname}${location.search}` });
    }, AUTOSAVE_DELAY_MS);
  };
  const error = fetcher.state === "idle" && fetcher.data && "error" in fetcher.data ? fetcher.data.error : null;
  const status =
    fetcher.state !== "idle"
      ? "Saving…"
      : error
        ? `Not saved: ${error}`
        : dirty
          ? "Unsaved changes"
          : fetcher.data
            ? "Saved"
            : "";
  // A real submit replaces the pending autosave.
  const onSubmit = () => clearTimeout(timer.current);
  return { onChange, onSubmit, status };
}

/** 'Saving…' / 'Saved' / the problem, announced politely. */
export function AutosaveStatus({ status }: { status: string }) {
  return (
    <p className="builder-savebar__status" role="status" aria-live="polite">
      {status}
    </p>
  );
}

/** Markdown as the app shows it; the renderer is loaded on first use, so pages that never preview do not carry it. */
function Markdown({ source }: { source: string }) {
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    import("~/platform/markdown").then(({ renderMarkdown }) => {
      if (live) setHtml(renderMarkdown(source));
    });
    return () => {
      live = false;
    };
  }, [source]);
  if (html === null) return <p className="builder-muted">{source.slice(0, 400)}</p>;
  // renderMarkdown escapes raw HTML and refuses unsafe link and image addresses.
  return <div className="blueprint-preview__markdown" dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * The item being written, as its users will meet it, updated as the creator types. `modelConnected`
 * says what an image card makes: a model's picture, or without one a designed cover of the card's title.
 */
export function ItemLivePreview({
  kind,
  text,
  title,
  modelConnected = true,
}: {
  kind: BlueprintItem["kind"];
  text: string;
  title: string;
  modelConnected?: boolean;
}) {
  return (
    <section className="blueprint-preview" aria-label="Live preview">
      <p className="blueprint-item__kind">Preview</p>
      <h4>{title || "Untitled"}</h4>
      {kind === "story" ? (
        text.trim() ? (
          <Markdown source={text} />
        ) : (
          <p className="builder-muted">Write the story to see it here.</p>
        )
      ) : kind === "quiz" ? (
        <QuizPreview text={text} />
      ) : (
        <CardsPreview text={text} modelConnected={modelConnected} />
      )}
    </section>
  );
}

const INPUT_LABELS: Record<Extract<ActivityCard, { kind: "input" }>["inputType"], string> = {
  "short-text": "a short answer",
  "long-text": "a longer answer",
  number: "a number",
  choice: "a choice",
  photo: "a photo",
  audio: "a recording",
  video: "a video",
  pdf: "a PDF",
};

/** What an image card makes: a model's picture, or a designed cover when no model is connected. */
export const imageCardLabel = (modelConnected: boolean) =>
  modelConnected ? "AI picture" : "Designed cover (no AI model connected)";

/** What the end user will see of each card, and what the AI cards read. */
function CardPreview({ card, modelConnected }: { card: ActivityCard; modelConnected: boolean }) {
  switch (card.kind) {
    case "instruction":
      return <Markdown source={card.body} />;
    case "input":
      return (
        <p>
          <strong>{card.prompt}</strong>{" "}
          <span className="builder-muted">
            (asks for {INPUT_LABELS[card.inputType]}
            {card.unit ? ` in ${card.unit}` : ""}
            {card.options ? `: ${card.options.join(", ")}` : ""}
            {card.optional ? "; optional" : ""})
          </span>
        </p>
      );
    case "analysis":
    case "image":
      return (
        <p>
          <strong>
            {card.kind === "analysis" ? "AI analysis" : imageCardLabel(modelConnected)}: {card.title}
          </strong>{" "}
          <span className="builder-muted">
            (reads card {card.inputIds.map((id) => id.replace(/^card-/, "")).join(", ")})
          </span>
          <br />
          {card.kind === "analysis" ? card.analysisPrompt : card.generationPrompt}
          {card.kind === "image" && !modelConnected ? (
            <>
              <br />
              <span className="builder-muted">
                Without a model the picture is the card’s title and the answers it reads set in type in your app’s
                colours; the prompt is for a model to draw.
              </span>
            </>
          ) : null}
        </p>
      );
    case "summary":
      return (
        <p>
          <strong>Summary: {card.title}</strong>
          <br />
          {card.summaryAnalysisPrompt}
        </p>
      );
  }
}

function CardsPreview({ text, modelConnected }: { text: string; modelConnected: boolean }) {
  if (!text.trim()) return <p className="builder-muted">Write a card to see it here.</p>;
  const read = cardsFromText(text);
  if (!read.ok) return <p className="builder-errors">{read.error}</p>;
  return (
    <ol className="blueprint-preview__cards">
      {read.cards.map((card) => (
        <li key={card.id}>
          <CardPreview card={card} modelConnected={modelConnected} />
        </li>
      ))}
    </ol>
  );
}

function QuizPreview({ text }: { text: string }) {
  if (!text.trim()) return <p className="builder-muted">Write a question to see it here.</p>;
  const read = quizFromText(text);
  if (!read.ok) return <p className="builder-errors">{read.error}</p>;
  return (
    <ol className="blueprint-preview__quiz">
      {read.questions.map((q, i) => (
        <li key={i}>
          <p>{q.question}</p>
          <ul>
            {q.options.map((option, j) => (
              <li key={j}>
                {option}
                {j === q.answer ? <strong> (right answer)</strong> : null}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}

/**
 * Drag to reorder a list of items by id: while dragging the list shows the new order, and a drop
 * posts it (intent reorder-items with every id, so a stale page is refused rather than losing an item).
 */
export function useDragReorder(ids: string[]) {
  const fetcher = useFetcher();
  const location = useLocation();
  const [order, setOrder] = useState(ids);
  const dragged = useRef<string | null>(null);
  const key = ids.join(",");
  useEffect(() => setOrder(key ? key.split(",") : []), [key]);

  const handlers = (id: string) => ({
    draggable: true,
    onDragStart: (event: DragEvent) => {
      dragged.current = id;
      event.dataTransfer.effectAllowed = "move";
      event.dataTransfer.setData("text/plain", id);
    },
    onDragOver: (event: DragEvent) => {
      const from = dragged.current;
      if (!from || from === id) return;
      event.preventDefault();
      setOrder((current) => {
        const without = current.filter((x) => x !== from);
        const at = without.indexOf(id);
        const fromIndex = current.indexOf(from);
        const toIndex = current.indexOf(id);
        without.splice(fromIndex < toIndex ? at + 1 : at, 0, from);
        return without;
      });
    },
    onDrop: (event: DragEvent) => event.preventDefault(),
    onDragEnd: () => {
      dragged.current = null;
      if (order.join(",") === key) return;
      fetcher.submit(
        { section: "blueprint", intent: "reorder-items", order: order.join(",") },
        { method: "post", action: `${location.pathname}${location.search}` },
      );
    },
  });
  return { order, handlers, busy: fetcher.state !== "idle" };
}
