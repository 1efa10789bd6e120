/**
 * The builder's browser helper for GET /api/apps/checkUnpublishedChanges/{appId} (spec 7, 9): the
 * answer is kept 5 s per app and calls made while one is in flight share that one request.
 */
import { UNPUBLISHED_CACHE_MS } from "./rules";

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
