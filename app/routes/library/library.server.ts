/**
 * /library: the classes a learner can watch, last watched first, each with its progress and a
 * 'Continue' to the next unfinished lesson; then the collections they bought; then the free previews
 * they saved from Sparks.
 */
import {
  libraryQueries,
  toLibrary,
  type LibraryClass,
  type LibraryCollection,
} from "~/features/learning/library.server";
import { savedSparkRows, toSavedSparks, type Spark } from "~/features/sparks/sparks.server";
import { liveSessionUserId } from "~/features/identity/sessions.server";
import { currentSessionId, signedInShellOf } from "~/http/session.server";
import type { AppContext } from "~/platform/context";
import { queryShape, type Slot } from "~/platform/query-shapes.server";

const signedOut = {
  signedIn: false as const,
  classes: [] as LibraryClass[],
  collections: [] as LibraryCollection[],
  saved: [] as Spark[],
  isMember: false as boolean | null,
};

// The library's one batch, keyed by the session (its SQL text is built once: platform/query-shapes.server.ts).
const libraryOf = queryShape((db, slot: Slot<{ session: string; now: number }>) => {
  const user = liveSessionUserId(slot("session"), slot("now"));
  return [...libraryQueries(db, user), savedSparkRows(db, user)];
});

export async function loadLibrary(app: AppContext, request: Request) {
  // The library is keyed by the session, so its one batch goes to D1 beside the shell (which says who
  // they are and whether they are a member) instead of after it. An unknown or expired session
  // finds nothing, and its visitor is signed out.
  const session = await currentSessionId(request);
  if (!session) return signedOut;
  const [shell, [owned, watched, summaries, lessons, progress, collections, saved]] = await Promise.all([
    signedInShellOf(app, request),
    libraryOf(app.db, { session, now: app.now }),
  ]);
  if (!shell) return signedOut;
  // null: the membership could not be read; the page says so, and lists what they own meanwhile.
  const isMember = shell.membership?.hasActiveOrTrialSubscription ?? null;
  const library = toLibrary([owned, watched, summaries, lessons, progress, collections], {
    member: isMember === true,
  });
  return { signedIn: true as const, ...library, saved: toSavedSparks(saved), isMember };
}
