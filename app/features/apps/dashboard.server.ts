/**
 * The creator's apps section of /dashboard (and /v2/dashboard for new-dashboard users): the cards,
 * recently opened first, and the new-app-from-an-idea draft kept on the server for visitors without
 * JavaScript (a signed-in creator's by user, and the idea a visitor sent from /creator or /build
 * before signing in by their anonymous id). The routes own the forms
 * (app/routes/dashboard._index/dashboard.server.ts, app/routes/creator/creator.server.ts).
 */
import type { UserRow } from "~/db/schema";
import { modelConnected } from "~/platform/adapters/ai/ai.server";
import type { AppContext } from "~/platform/context";
import { appCard, appStartedStatement, creatorApps, type AppCard } from "./creator-apps.server";
import { IDEA_LIMITS, type IdeaDraft } from "./rules";

/** The idea draft kept for a signed-in creator (no JavaScript needed): KV, 30 days. */
const DRAFT_TTL_SECONDS = 30 * 86_400;
/** A user id (a UUID) or a visitor's anonymous id ('anon_' + UUID): the two never meet. */
const draftKey = (ownerId: string) => `apps:idea-draft:${ownerId}`;

/** The draft kept on the server, with when it was kept (the newer of it and the browser's copy wins). */
export async function serverIdeaDraft(app: AppContext, userId: string): Promise<IdeaDraft | null> {
  return readDraft(app, draftKey(userId));
}

async function readDraft(app: AppContext, key: string): Promise<IdeaDraft | null> {
  try {
    const raw = await app.bindings.CACHE.get(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<IdeaDraft>;
    return typeof parsed.appIdea === "string" && typeof parsed.timestamp === "number"
      ? { appIdea: parsed.appIdea, timestamp: parsed.timestamp }
      : null;
  } catch {
    return null;
  }
}

/** Keeps (or, when empty, forgets) the creator's idea draft. */
export async function keepIdeaDraft(app: AppContext, userId: string, appIdea: string) {
  try {
    const text = appIdea.slice(0, IDEA_LIMITS.max);
    if (text.trim())
      await Promise.all([
        app.bindings.CACHE.put(
          draftKey(userId),
          JSON.stringify({ appIdea: text, timestamp: app.now } satisfies IdeaDraft),
          { expirationTtl: DRAFT_TTL_SECONDS },
        ),
        // A kept idea is an app started: the header links back to it.
        appStartedStatement(app, userId).run(),
      ]);
    else await app.bindings.CACHE.delete(draftKey(userId));
  } catch (error) {
    console.warn("app idea draft: could not keep it", error);
  }
}

/** The idea a visitor without an account sent from /creator or /build, kept by their anonymous id. */
export async function visitorIdeaDraft(app: AppContext, anonymousId: string): Promise<IdeaDraft | null> {
  return readDraft(app, draftKey(anonymousId));
}

/** Keeps (or, when empty, forgets) a visitor's idea: the same 30 days, and no account to mark. */
export async function keepVisitorIdeaDraft(app: AppContext, anonymousId: string, appIdea: string) {
  try {
    const text = appIdea.slice(0, IDEA_LIMITS.max);
    if (text.trim())
      await app.bindings.CACHE.put(
        draftKey(anonymousId),
        JSON.stringify({ appIdea: text, timestamp: app.now } satisfies IdeaDraft),
        { expirationTtl: DRAFT_TTL_SECONDS },
      );
    else await app.bindings.CACHE.delete(draftKey(anonymousId));
  } catch (error) {
    console.warn("app idea draft: could not keep a visitor's", error);
  }
}

export interface CreatorAppsSection {
  apps: AppCard[];
  ideaDraft: IdeaDraft | null;
  /** Whether a model writes new apps (false: the embedded default, which the page says). */
  modelConnected: boolean;
}

export async function creatorAppsSection(app: AppContext, user: Pick<UserRow, "id">): Promise<CreatorAppsSection> {
  const [rows, ideaDraft] = await Promise.all([creatorApps(app, user.id), serverIdeaDraft(app, user.id)]);
  return { apps: rows.map(appCard), ideaDraft, modelConnected: modelConnected(app) };
}
