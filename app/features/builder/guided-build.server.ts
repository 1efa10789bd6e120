/**
 * The guided build (platform/adapters/ai/embedded/guided.ts): when no model is connected and the idea
 * names a practice the embedded default does not know, the creator is asked what only they know
 * before the build starts, with what the idea already says filled in.
 */
import { modelConnected } from "~/platform/adapters/ai/ai.server";
import { readIdea } from "~/platform/adapters/ai/embedded/idea";
import type { AppContext } from "~/platform/context";
import { capitalise } from "~/platform/format";

/** The guided build's page (routes/dashboard.builder_.new), with the idea as `?idea=`. */
export const GUIDE_PATH = "/dashboard/builder/new";

/** Whether a build of this idea should ask the guided questions first. */
export async function needsGuide(app: AppContext, idea: string): Promise<boolean> {
  return !modelConnected(app) && (await readIdea(idea)).generic;
}

/** What the guided form starts with: the idea's subject, the outcome and session length it names. */
export async function guideStart(idea: string) {
  const reading = await readIdea(idea);
  const minutes = /\b(\d{1,3})[-\s]?(?:minutes?|mins?)\b/i.exec(idea);
  const stated = minutes ? Number(minutes[1]) : null;
  return {
    subject: capitalise(reading.subject),
    outcome: reading.outcome ? capitalise(reading.outcome) : "",
    sessionMinutes: stated !== null && stated >= 5 && stated <= 180 ? stated : 20,
    audience: reading.audience,
  };
}
