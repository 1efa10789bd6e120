/**
 * The blueprint (creator-app-builder spec 3, 4, 7 "Blueprints"; issue 18): reading it, saving a
 * version, the version history (20 a page) and restoring, help, the "+" suggestions, and examples
 * kept beside the editor. Every call is for the app's owner (the callers open the app with
 * openOwnedApp, and examples are reached through their app). Help and suggestions go through the AI
 * layer, with the pure rules of ./blueprint-help.ts as the embedded answer.
 */
import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { blueprintSchema, type Blueprint } from "~/db/app-content";
import {
  appBlueprints,
  appVersions,
  blueprintExamples,
  type AppRow,
  type BlueprintExampleRow,
  type UserRow,
} from "~/db/schema";
import { appById, isOwnerOrAdmin } from "~/features/apps/apps.server";
import { creatorAi } from "~/features/apps/ai-meter.server";
import type { AppContext } from "~/platform/context";
import { ServiceError } from "~/platform/service-error";
import { blueprintHelp, editorSuggestions, type BlueprintHelp, type SuggestionSection } from "./blueprint-help";
import { versionPage, writeVersioned, type Saved, type VersionPage } from "./builder.server";
import { blueprintMessages, errorMap } from "./rules";

/** The app's blueprint, or null when it has none (or an unreadable one). */
export async function blueprintOf(
  app: AppContext,
  appId: string,
): Promise<{ blueprint: Blueprint; updatedAt: number } | null> {
  const row = await app.db.select().from(appBlueprints).where(eq(appBlueprints.appId, appId)).get();
  if (!row) return null;
  const parsed = blueprintSchema.safeParse(row.content);
  return parsed.success ? { blueprint: parsed.data, updatedAt: row.updatedAt } : null;
}

function writeBlueprint(
  app: AppContext,
  row: AppRow,
  userId: string,
  blueprint: Blueprint,
  reason: "save" | "restore",
  restoredFrom: string | null = null,
): Promise<string> {
  const draft = app.db
    .insert(appBlueprints)
    .values({ appId: row.id, content: blueprint, updatedAt: app.now })
    .onConflictDoUpdate({ target: appBlueprints.appId, set: { content: blueprint, updatedAt: app.now } });
  return writeVersioned(app, draft, {
    appId: row.id,
    userId,
    kind: "blueprint",
    content: blueprint,
    reason,
    restoredFrom,
  });
}

/** updateBlueprint: a valid blueprint becomes current and a new version; an invalid one changes nothing. */
export async function saveBlueprint(
  app: AppContext,
  row: AppRow,
  user: Pick<UserRow, "id">,
  input: unknown,
): Promise<Saved<Blueprint>> {
  const parsed = blueprintSchema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: errorMap(parsed.error.issues) };
  const versionId = await writeBlueprint(app, row, user.id, parsed.data, "save");
  return { ok: true, value: parsed.data, versionId };
}

export function blueprintVersions(
  app: AppContext,
  appId: string,
  page: { limit?: number; cursor?: string | null } = {},
): Promise<VersionPage | null> {
  return versionPage(app, appId, "blueprint", page);
}

/** restoreBlueprintVersion: the version becomes current again, recorded as a new 'restore' version. */
export async function restoreBlueprint(
  app: AppContext,
  row: AppRow,
  user: Pick<UserRow, "id">,
  versionId: string,
): Promise<{ versionId: string; blueprint: Blueprint }> {
  const version = await app.db
    .select()
    .from(appVersions)
    .where(and(eq(appVersions.id, versionId), eq(appVersions.appId, row.id), eq(appVersions.kind, "blueprint")))
    .get();
  const parsed = version ? blueprintSchema.safeParse(version.content) : null;
  if (!version || !parsed?.success) throw new ServiceError("not-found", blueprintMessages.versionNotFound);
  const id = await writeBlueprint(app, row, user.id, parsed.data, "restore", version.id);
  return { versionId: id, blueprint: parsed.data };
}

async function currentBlueprint(app: AppContext, row: AppRow): Promise<Blueprint> {
  const found = await blueprintOf(app, row.id);
  if (!found) throw new ServiceError("not-found", blueprintMessages.noBlueprint);
  return found.blueprint;
}

const helpSchema = z.object({
  missing: z.array(z.string().min(1).max(300)).max(10),
  thin: z.array(z.string().min(1).max(300)).max(10),
  nextStep: z.string().min(1).max(300),
});

/** getBlueprintHelpForApp: what is missing, what is thin, and the next best step (an AI generation). */
export async function helpForBlueprint(
  app: AppContext,
  row: AppRow,
  user: Pick<UserRow, "id">,
): Promise<BlueprintHelp> {
  const blueprint = await currentBlueprint(app, row);
  const { value } = await creatorAi(app, user.id, row.id).structured({
    task: "blueprint-help",
    schema: helpSchema,
    system:
      "You review a coaching app's blueprint for its creator: list what is missing, what is thin, and the one next best step, in short plain sentences.",
    prompt: JSON.stringify(blueprint),
    local: () => blueprintHelp(blueprint),
  });
  return value;
}

const sectionsSchema = z.object({
  sections: z
    .array(
      z.object({
        title: z.string().min(1).max(80),
        items: z
          .array(
            z.object({
              id: z.string().min(1).max(100),
              title: z.string().min(1).max(120),
              icon: z.string().min(1).max(40),
              content: z.string().max(20_000),
            }),
          )
          .max(10),
      }),
    )
    .min(1)
    .max(6),
});

/** getEditorPlusButtonSuggestions: sections of items for where the cursor is (an AI generation). */
export async function suggestionsFor(
  app: AppContext,
  row: AppRow,
  user: Pick<UserRow, "id">,
  context: { afterItemId: string | null; text: string },
): Promise<SuggestionSection[]> {
  const blueprint = await currentBlueprint(app, row);
  const { value } = await creatorAi(app, user.id, row.id).structured({
    task: "editor-suggestions",
    schema: sectionsSchema,
    system:
      "You suggest what a coaching app's creator could add next to the app's blueprint at the cursor: stories, quizzes and activities, each with Markdown content in the practice's own words. " +
      "Write an activity's content as its cards, separated by '---' lines: an instruction; '[input number km] How far did you run?', '[input choice] How did it feel?' with '- option' lines, '[input photo optional] A photo of your watch'; " +
      "'[analysis \"Title\" reads 2, 3]' then a rubric with target ranges ('between 8 and 14 km') and keywords; '[summary \"Title\"]' then what to sum up.",
    prompt: JSON.stringify({ blueprint, cursor: context }),
    local: async () => ({ sections: await editorSuggestions(blueprint, context.afterItemId) }),
  });
  return value.sections;
}

// ---------------------------------------------------------------- examples

export interface ExampleView {
  exampleId: string;
  appId: string;
  type: string;
  title: string;
  content: string;
  createdAt: number;
  updatedAt: number;
}

const exampleView = (e: BlueprintExampleRow): ExampleView => ({
  exampleId: e.id,
  appId: e.appId,
  type: e.type,
  title: e.title,
  content: e.content,
  createdAt: e.createdAt,
  updatedAt: e.updatedAt,
});

export async function saveExample(
  app: AppContext,
  row: AppRow,
  user: Pick<UserRow, "id">,
  input: { type: string; title: string; content: string },
): Promise<ExampleView> {
  const id = crypto.randomUUID();
  const values = { id, appId: row.id, ...input, createdBy: user.id, createdAt: app.now, updatedAt: app.now };
  await app.db.insert(blueprintExamples).values(values);
  return exampleView(values);
}

export async function examplesOf(app: AppContext, appId: string, type?: string): Promise<ExampleView[]> {
  const rows = await app.db
    .select()
    .from(blueprintExamples)
    .where(
      type
        ? and(eq(blueprintExamples.appId, appId), eq(blueprintExamples.type, type))
        : eq(blueprintExamples.appId, appId),
    )
    .orderBy(desc(blueprintExamples.createdAt))
    .limit(100)
    .all();
  return rows.map(exampleView);
}

/** An example of one of the user's apps: 404 when there is none, 403 when its app is someone else's. */
export async function ownExample(
  app: AppContext,
  user: Pick<UserRow, "id" | "isAdmin">,
  exampleId: string,
): Promise<ExampleView> {
  const example = await app.db.select().from(blueprintExamples).where(eq(blueprintExamples.id, exampleId)).get();
  if (!example) throw new ServiceError("not-found", blueprintMessages.exampleNotFound);
  const owner = await appById(app, example.appId);
  if (!owner || !isOwnerOrAdmin(user as UserRow, owner.ownerId))
    throw new ServiceError("forbidden", blueprintMessages.exampleNotYours);
  return exampleView(example);
}

export async function updateExample(
  app: AppContext,
  user: Pick<UserRow, "id" | "isAdmin">,
  exampleId: string,
  change: { title?: string; content?: string },
): Promise<ExampleView> {
  const example = await ownExample(app, user, exampleId);
  const next = { ...example, ...change, updatedAt: app.now };
  await app.db
    .update(blueprintExamples)
    .set({ title: next.title, content: next.content, updatedAt: app.now })
    .where(eq(blueprintExamples.id, exampleId));
  return next;
}
