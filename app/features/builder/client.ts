/**
 * The builder's browser helpers (spec 7, 9): GET /api/apps/checkUnpublishedChanges/{appId} kept 5 s
 * per app, the creator's app list 30 s and creatorHasAnyApp 15 s. Calls made while one is in flight
 * share that one request; a failure is not kept.
 */
import { CREATOR_APPS_CACHE_MS, HAS_ANY_APP_CACHE_MS, UNPUBLISHED_CACHE_MS } from "./rules";

export interface UnpublishedChanges {
  hasUnpublishedChanges: boolean;
  isPublished: boolean;
  publishedAt: number | null;
  changed: string[];
}

type Entry<T> = { at: number; promise: Promise<T> };

/** A per-key cache of promises: a value younger than `ttlMs` (or still loading) is shared; a failure is forgotten. */
export function sharedCache<T>(ttlMs: number, now: () => number = () => Date.now()) {
  const entries = new Map<string, Entry<T>>();
  return {
    get(key: string, load: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit && now() - hit.at < ttlMs) return hit.promise;
      const promise = load();
      const entry = { at: now(), promise };
      entries.set(key, entry);
      promise.then(
        // The clock starts when the answer arrives, so a slow call is not stale on arrival.
        () => {
          if (entries.get(key) === entry) entry.at = now();
        },
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return promise;
    },
    clear(key?: string) {
      if (key === undefined) entries.clear();
      else entries.delete(key);
    },
    get size() {
      return entries.size;
    },
  };
}

const unpublished = sharedCache<UnpublishedChanges>(UNPUBLISHED_CACHE_MS);

/** A builder API call that did not answer: its message (spec 8), the HTTP status and the answer itself. */
export class BuilderApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
    this.name = "BuilderApiError";
  }
}

/** When an answer carries no words at all (an empty body). */
export const NO_ANSWER = "Something went wrong on our side. Please try again.";

/**
 * The error of a non-OK answer, as spec 8 says: the answer's `detail`, else its `message` (our API's
 * `error` where it says it there), else the answer's JSON text; never a bare status.
 */
export function answerError(status: number, text: string): BuilderApiError {
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  const fields = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  const words = [fields.detail, fields.message, fields.error].find((v) => typeof v === "string" && v.trim());
  return new BuilderApiError((words as string | undefined) ?? (text.trim() || NO_ANSWER), status, body ?? text);
}

/** GET a builder API route and answer its body's 'response', or throw its error (answerError). */
async function apiResponse<T>(path: string, fetcher: typeof fetch): Promise<T> {
  const response = await fetcher(path, { headers: { Accept: "application/json" }, credentials: "same-origin" });
  if (!response.ok) throw answerError(response.status, await response.text().catch(() => ""));
  const body = (await response.json().catch(() => null)) as { response?: T } | null;
  if (!body?.response) throw new BuilderApiError(JSON.stringify(body) || NO_ANSWER, response.status, body);
  return body.response;
}

export interface CreatorAppSummary {
  appId: string;
  name: string;
  isPublished: boolean;
}

const creatorAppList = sharedCache<CreatorAppSummary[]>(CREATOR_APPS_CACHE_MS);
const hasAnyApp = sharedCache<boolean>(HAS_ANY_APP_CACHE_MS);

/** The signed-in creator's apps (GET /api/app-builder/getCreatorApps), kept 30 s. */
export function creatorApps(fetcher: typeof fetch = fetch): Promise<CreatorAppSummary[]> {
  return creatorAppList.get("mine", async () => {
    const { apps } = await apiResponse<{ apps: CreatorAppSummary[] }>("/api/app-builder/getCreatorApps", fetcher);
    return apps.map(({ appId, name, isPublished }) => ({ appId, name, isPublished: Boolean(isPublished) }));
  });
}

/** Whether the signed-in creator has any app (GET /api/app-builder/creatorHasAnyApp), kept 15 s. */
export function creatorHasAnyApp(fetcher: typeof fetch = fetch): Promise<boolean> {
  return hasAnyApp.get("mine", async () =>
    Boolean((await apiResponse<{ hasAny: boolean }>("/api/app-builder/creatorHasAnyApp", fetcher)).hasAny),
  );
}

/** After an app is made or renamed the cached list is out of date. */
export function forgetCreatorApps() {
  creatorAppList.clear();
  hasAnyApp.clear();
}

/** The app's unpublished-changes answer (the body's 'response'), cached 5 s, one request at a time. */
export function checkUnpublishedChanges(appId: string, fetcher: typeof fetch = fetch): Promise<UnpublishedChanges> {
  return unpublished.get(appId, () =>
    apiResponse<UnpublishedChanges>(`/api/apps/checkUnpublishedChanges/${encodeURIComponent(appId)}`, fetcher),
  );
}

/** After a save or publish the cached answer is out of date. */
export function forgetUnpublishedChanges(appId?: string) {
  unpublished.clear(appId);
}
