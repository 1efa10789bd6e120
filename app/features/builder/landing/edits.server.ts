/**
 * Landing-page edits by instruction (spec 7 edit-landing-page; issue 20): a proposal, never saved
 * until the creator accepts it. A configured model rewrites the page from a free-form instruction
 * (structured output with the landing page's words; its pictures stay the page's own); the embedded
 * default, and the model's fallback, is ./edits.ts's parser and transformer, which refuse plainly what
 * they do not know. Accepting a proposal validates it with the landing page schema and saves a new
 * version.
 */
import { landingPageWordsSchema, type LandingPage } from "~/db/app-content";
import type { AppRow, UserRow } from "~/db/schema";
import { creatorAi } from "~/features/apps/ai-meter.server";
import type { AppContext } from "~/platform/context";
import { ServiceError } from "~/platform/service-error";
import { blueprintOf } from "../blueprint.server";
import { invalidInput, saveLandingPage } from "../builder.server";
import {
  applyEdit,
  describeEdit,
  EditRefused,
  parseInstruction,
  type LandingEdit,
  type LandingEditProposal,
} from "./edits";

const SYSTEM =
  "You edit a coaching app's landing page as the creator instructs. Answer the whole landing page as JSON in the " +
  "same shape without its pictures, changing only what the instruction asks; write in the app's voice.";

export const acceptMessages = {
  unreadable: "The proposal could not be read: ask for the edit again.",
} as const;

/** The proposed page for `instruction` (section: the section it is about, when the words do not say). */
export async function proposeLandingEdit(
  app: AppContext,
  row: AppRow,
  user: Pick<UserRow, "id">,
  input: { instruction: string; section?: string | null },
): Promise<LandingEditProposal> {
  const blueprint = (await blueprintOf(app, row.id))?.blueprint ?? null;
  const current = row.landingPage;
  let edit: LandingEdit | null = null;
  const local = () => {
    edit = parseInstruction(input.instruction, input.section);
    return applyEdit(current, edit, { appName: row.name, blueprint });
  };
  try {
    const result = await creatorAi(app, user.id, row.id).structured({
      task: "edit-landing-page",
      schema: landingPageWordsSchema,
      system: SYSTEM,
      prompt: JSON.stringify({
        instruction: input.instruction,
        section: input.section ?? null,
        app: { name: row.name, idea: row.idea, topic: blueprint?.topic ?? null, goal: blueprint?.goal ?? null },
        landingPage: current,
      }),
      local,
    });
    const byModel = result.provider !== "embedded";
    // The pictures are the creator's: a model's answer keeps the page's own.
    const proposal: LandingPage = {
      ...result.value,
      status: "ready",
      hero: { ...result.value.hero, imageUrl: current.hero.imageUrl },
      ...(current.images && { images: current.images }),
      ...(current.screenshots && { screenshots: current.screenshots }),
    };
    return {
      instruction: input.instruction,
      summary: edit && !byModel ? describeEdit(edit) : `Edited as asked: “${input.instruction.slice(0, 120)}”`,
      by: byModel ? "model" : "built-in",
      current,
      proposal,
    };
  } catch (error) {
    if (error instanceof EditRefused) throw new ServiceError("invalid", error.message);
    throw error;
  }
}

/** Saves a proposal the creator accepted (JSON from the proposal form or the API) as a new version. */
export async function acceptLandingEdit(
  app: AppContext,
  row: AppRow,
  user: Pick<UserRow, "id">,
  proposal: unknown,
): Promise<{ versionId: string; landingPage: LandingPage }> {
  let content = proposal;
  if (typeof proposal === "string") {
    try {
      content = JSON.parse(proposal);
    } catch {
      throw new ServiceError("invalid", acceptMessages.unreadable);
    }
  }
  if (!content || typeof content !== "object") throw new ServiceError("invalid", acceptMessages.unreadable);
  const saved = await saveLandingPage(app, row, user, content);
  if (!saved.ok) throw invalidInput(saved.errors);
  return { versionId: saved.versionId, landingPage: saved.value };
}
