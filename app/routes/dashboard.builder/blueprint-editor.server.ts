/**
 * /dashboard/builder?appId=<id>&mode=blueprint: the blueprint editor's page and its one action.
 * Every change is a form post (works without JavaScript) that saves a new version and answers a 303
 * back here with a toast; a refused change re-renders with its message and changes nothing.
 * `&item=<id>` opens an item's form, `&plus=<after id>|start` the "+" suggestions at that place,
 * `&help=1` the help, `&historyCursor=` older versions.
 */
import { data, redirect } from "@remix-run/cloudflare";
import type { Blueprint, BlueprintItem } from "~/db/app-content";
import type { UserRow } from "~/db/schema";
import { openOwnedApp } from "~/features/builder/builder.server";
import {
  blueprintOf,
  blueprintVersions,
  examplesOf,
  helpForBlueprint,
  ownExample,
  restoreBlueprint,
  saveBlueprint,
  saveExample,
  suggestionsFor,
} from "~/features/builder/blueprint.server";
import {
  blueprintFormMessages,
  cardsFromText,
  freeItemId,
  insertAfter,
  linesOf,
  moveAt,
  moveItem,
  phaseFromForm,
  quizFromText,
  reorderItems,
} from "~/features/builder/blueprint-form";
import { itemFromContent, itemMarkdown, suggestedItem } from "~/features/builder/blueprint-help";
import { builderPath } from "~/features/builder/rules";
import { redirectWithToast } from "~/http/toast.server";
import { requireUser } from "~/http/visitor.server";
import { modelConnected } from "~/platform/adapters/ai/ai.server";
import type { AppContext } from "~/platform/context";
import { formDataOf } from "~/platform/http.server";
import { ServiceError } from "~/platform/service-error";
import { slugify } from "~/platform/format";

export type BlueprintEditorData = Awaited<ReturnType<typeof loadBlueprintEditor>>;
export type BlueprintEditorAnswer = { error: string; itemId: string | null; values: Record<string, string> };

async function openApp(app: AppContext, user: UserRow, appId: string) {
  try {
    return await openOwnedApp(app, user, appId);
  } catch (error) {
    if (error instanceof ServiceError)
      throw new Response(error.message, { status: error.failure === "not-found" ? 404 : 403 });
    throw error;
  }
}

/** A panel that needs an AI generation: its answer, or the reason there is none (the day's limit). */
async function optional<T>(work: () => Promise<T>): Promise<{ value: T | null; error: string | null }> {
  try {
    return { value: await work(), error: null };
  } catch (error) {
    if (error instanceof ServiceError) return { value: null, error: error.message };
    throw error;
  }
}

export async function loadBlueprintEditor(app: AppContext, request: Request, user: UserRow, appId: string) {
  const url = new URL(request.url);
  const row = await openApp(app, user, appId);
  const found = await blueprintOf(app, row.id);
  if (!found) throw new Response("This app has no blueprint yet", { status: 404 });
  const plus = url.searchParams.get("plus");
  const [versions, examples, help, suggestions] = await Promise.all([
    blueprintVersions(app, row.id, { cursor: url.searchParams.get("historyCursor") }),
    examplesOf(app, row.id),
    url.searchParams.get("help") ? optional(() => helpForBlueprint(app, row, user)) : null,
    plus
      ? optional(() => suggestionsFor(app, row, user, { afterItemId: plus === "start" ? null : plus, text: "" }))
      : null,
  ]);
  return {
    kind: "blueprint" as const,
    modelConnected: modelConnected(app),
    app: {
      id: row.id,
      name: row.name,
      previewOnboardingPath: `/apps/${row.storefrontSlug}/${row.appSlug}/onboarding?testingStepId=preview`,
    },
    blueprint: found.blueprint,
    openItem: url.searchParams.get("item"),
    /** A phase's index, or 'new', whose form is open. */
    openPhase: url.searchParams.get("phase"),
    plus,
    help,
    suggestions,
    examples,
    versions,
    historyCursor: url.searchParams.get("historyCursor"),
  };
}

const field = (form: FormData, name: string) => String(form.get(name) ?? "");

/** The item the item form describes, or the problem with it. */
function itemFromForm(form: FormData, items: BlueprintItem[]): { item: BlueprintItem } | { error: string } {
  const kind = field(form, "kind");
  const title = field(form, "title").trim();
  const id = field(form, "itemId") || freeItemId(items, `${kind}-${slugify(title).slice(0, 40) || "item"}`);
  if (kind === "story") return { item: { id, kind, title, body: field(form, "body") } };
  if (kind === "activity") {
    const read = cardsFromText(field(form, "cards"));
    return read.ok ? { item: { id, kind, title, cards: read.cards } } : { error: read.error };
  }
  if (kind === "quiz") {
    const read = quizFromText(field(form, "questions"));
    return read.ok ? { item: { id, kind, title, questions: read.questions } } : { error: read.error };
  }
  return { error: "Choose a story, a quiz or an activity" };
}

export async function blueprintEditorAction(app: AppContext, request: Request, appId: string) {
  const user = await requireUser(app, request, { status: 302 });
  const row = await openApp(app, user, appId);
  const found = await blueprintOf(app, row.id);
  if (!found) throw new Response("This app has no blueprint yet", { status: 404 });
  const blueprint = found.blueprint;
  const items = blueprint.items ?? [];
  const form = (await formDataOf(request)) ?? new FormData();
  const intent = field(form, "intent");
  const values = Object.fromEntries([...form].filter((e): e is [string, string] => typeof e[1] === "string"));
  const here = (extra: Record<string, string> = {}) => builderPath(row.id, { mode: "blueprint", ...extra });
  const refuse = (error: string, itemId: string | null = null, status = 400) =>
    data<BlueprintEditorAnswer>({ error, itemId, values }, { status });
  // With JavaScript the editor saves as you type (autosave=1): it gets data back instead of the redirect.
  const autosave = field(form, "autosave") === "1";
  const save = async (next: Blueprint, title: string, to = here()) => {
    const saved = await saveBlueprint(app, row, user, next);
    if (!saved.ok)
      return refuse(
        Object.values(saved.errors)[0] ?? "Check the blueprint",
        field(form, "itemId") || (field(form, "phaseIndex") ? `phase-${field(form, "phaseIndex")}` : null),
      );
    if (autosave) return data({ ok: true as const, savedAt: app.now, versionId: saved.versionId });
    return redirectWithToast(request, to, { kind: "success", title });
  };
  const phases = blueprint.phaseTemplates;
  const phaseIndex = Number.parseInt(field(form, "phaseIndex"), 10);

  switch (intent) {
    case "save-summary": {
      const weeks = Number(field(form, "defaultProgramLengthWeeks") || blueprint.defaultProgramLengthWeeks);
      if (!Number.isInteger(weeks) || weeks < 1 || weeks > 52) return refuse("Enter a plan length from 1 to 52 weeks");
      return save(
        {
          ...blueprint,
          goal: field(form, "goal").trim(),
          description: field(form, "description").trim(),
          audience: field(form, "audience").trim() || undefined,
          outcomes: linesOf(field(form, "outcomes")),
          planTitle: form.has("planTitle") ? field(form, "planTitle").trim() : blueprint.planTitle,
          targetLabel: form.has("targetLabel") ? field(form, "targetLabel").trim() : blueprint.targetLabel,
          defaultProgramLengthWeeks: weeks,
        },
        "Blueprint saved",
      );
    }
    case "save-phase": {
      const made = phaseFromForm({
        title: field(form, "title"),
        focus: field(form, "focus"),
        sessions: field(form, "sessions"),
        level: field(form, "level"),
      });
      const key = Number.isInteger(phaseIndex) ? `phase-${phaseIndex}` : "phase-new";
      if (!made.ok) return refuse(made.error, key);
      if (Number.isInteger(phaseIndex) && !phases[phaseIndex]) return refuse("Phase not found", key);
      if (!Number.isInteger(phaseIndex) && phases.length >= 60) return refuse(blueprintFormMessages.tooManyPhases, key);
      const next = Number.isInteger(phaseIndex)
        ? phases.map((p, i) => (i === phaseIndex ? made.phase : p))
        : [...phases, made.phase];
      return save(
        { ...blueprint, phaseTemplates: next },
        Number.isInteger(phaseIndex) ? "Phase saved" : "Phase added",
        `${here()}#phases-heading`,
      );
    }
    case "move-phase":
      return save(
        {
          ...blueprint,
          phaseTemplates: moveAt(phases, phaseIndex, field(form, "direction") === "up" ? "up" : "down"),
        },
        "Phase moved",
        `${here()}#phases-heading`,
      );
    case "remove-phase": {
      if (!phases[phaseIndex]) return refuse("Phase not found");
      if (phases.length === 1) return refuse(blueprintFormMessages.lastPhase);
      return save(
        { ...blueprint, phaseTemplates: phases.filter((_, i) => i !== phaseIndex) },
        "Phase removed",
        `${here()}#phases-heading`,
      );
    }
    case "reorder-items": {
      const next = reorderItems(items, field(form, "order").split(",").filter(Boolean));
      if (!next) return refuse("The content changed since this page was loaded: reload it and try again");
      return save({ ...blueprint, items: next }, "Items reordered");
    }
    case "save-item": {
      const made = itemFromForm(form, items);
      if ("error" in made) return refuse(made.error, field(form, "itemId") || "new");
      const exists = items.some((i) => i.id === made.item.id);
      const next = exists ? items.map((i) => (i.id === made.item.id ? made.item : i)) : [...items, made.item];
      return save({ ...blueprint, items: next }, exists ? "Item saved" : "Item added");
    }
    case "move-item":
      return save(
        {
          ...blueprint,
          items: moveItem(items, field(form, "itemId"), field(form, "direction") === "up" ? "up" : "down"),
        },
        "Item moved",
      );
    case "remove-item":
      return save({ ...blueprint, items: items.filter((i) => i.id !== field(form, "itemId")) }, "Item removed");
    case "insert-suggestion": {
      const after = field(form, "after") === "start" ? null : field(form, "after") || null;
      const suggested = await suggestedItem(blueprint, field(form, "suggestionId"));
      const title = field(form, "title").trim();
      const item: BlueprintItem = suggested
        ? { ...suggested, id: freeItemId(items, suggested.id) }
        : itemFromContent(items, title, field(form, "content"));
      return save(
        { ...blueprint, items: insertAfter(items, after, item) },
        `${item.title} added`,
        here({ item: item.id }),
      );
    }
    case "insert-example": {
      const example = await ownExample(app, user, field(form, "exampleId")).catch(() => null);
      if (!example || example.appId !== row.id) return refuse("Example not found");
      // A saved activity comes back as its cards; anything else as a story.
      const item: BlueprintItem =
        example.type === "activity"
          ? itemFromContent(items, example.title, example.content)
          : {
              id: freeItemId(items, `story-${slugify(example.title).slice(0, 40) || "example"}`),
              kind: "story",
              title: example.title,
              body: example.content,
            };
      // Inserted where the "+" was opened, else at the end.
      const after = field(form, "after");
      const placed = after ? insertAfter(items, after === "start" ? null : after, item) : [...items, item];
      return save({ ...blueprint, items: placed }, `${example.title} added`, here({ item: item.id }));
    }
    case "save-example": {
      const item = items.find((i) => i.id === field(form, "itemId"));
      if (!item) return refuse("Item not found");
      await saveExample(app, row, user, { type: item.kind, title: item.title, content: itemMarkdown(item) });
      return redirectWithToast(request, here(), { kind: "success", title: `${item.title} saved as an example` });
    }
    case "restore": {
      const restored = await restoreBlueprint(app, row, user, field(form, "versionId")).then(
        () => true,
        () => false,
      );
      return redirectWithToast(
        request,
        here(),
        restored ? { kind: "success", title: "Version restored" } : { kind: "error", title: "Version not found" },
      );
    }
    default:
      return redirect(here(), 303);
  }
}
