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
import { sessionUserIdOf, signedInShellOf } from "~/http/session.server";
import type { AppContext } from "~/platform/context";

const signedOut = {
  signedIn: false as const,
  classes: [] as LibraryClass[],
  collections: [] as LibraryCollection[],
  saved: [] as Spark[],
  isMember: false,
};

export async function loadLibrary(app: AppContext, request: Request) {
  // The library is keyed by the session, so its one batch goes to D1 beside the shell (which says who
  // they are and whether they are a member) instead of after it. An unknown or expired session
  // finds nothing, and its visitor is signed out.
  const sessionUser = await sessionUserIdOf(app, request);
  if (!sessionUser) return signedOut;
  const [shell, [owned, watched, summaries, lessons, progress, collections, saved]] = await Promise.all([
    signedInShellOf(app, request),
    app.db.batch([...libraryQueries(app, sessionUser), savedSparkRows(app, sessionUser)]),
  ]);
  if (!shell) return signedOut;
  const isMember = shell.membership.hasActiveOrTrialSubscription;
  const library = toLibrary([owned, watched, summaries, lessons, progress, collections], { member: isMember });
  return { signedIn: true as const, ...library, saved: toSavedSparks(saved), isMember };
}
