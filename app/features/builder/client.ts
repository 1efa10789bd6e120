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

/** GET a builder API route and answer its body's 'response', or throw with the API's message. */
async function apiResponse<T>(path: string, fetcher: typeof fetch): Promise<T> {
  const response = await fetcher(path, { headers: { Accept: "application/json" }, credentials: "same-origin" });
  const body = (await response.json().catch(() => null)) as { response?: T; error?: string; message?: string } | null;
  if (!response.ok || !body?.response)
    throw Object.assign(new Error(body?.error ?? body?.message ?? `HTTP ${response.status}`), {
      status: response.status,
    });
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
  return unpublished.get(appId, async () => {
    const response = await fetcher(`/api/apps/checkUnpublishedChanges/${encodeURIComponent(appId)}`, {
      headers: { Accept: "application/json" },
      credentials: "same-origin",
    });
    const body = (await response.json().catch(() => null)) as {
      response?: UnpublishedChanges;
      detail?: string;
      message?: string;
      error?: string;
    } | null;
    if (!response.ok || !body?.response)
      throw Object.assign(new Error(body?.detail ?? body?.message ?? body?.error ?? `HTTP ${response.status}`), {
        status: response.status,
      });
    return body.response;
  });
}

/** After a save or publish the cached answer is out of date. */
export function forgetUnpublishedChanges(appId?: string) {
  unpublished.clear(appId);
}
