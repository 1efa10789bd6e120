/**
 * Something loaded on first need (a module beside the worker, issue 17 goal 5) and kept for the
 * isolate's life.
 *
 * The value is kept, never the promise of it: a promise made in one request and awaited by another can
 * hang in workerd when the first request ends first, so requests that arrive before the first load is
 * over each load it (the module registry makes that cheap) and the first value is the one kept. A
 * failed load keeps nothing: the next call tries again, where a kept rejection would fail every later
 * request of the isolate over one bad moment.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: { value: T } | null = null;
  return async () => {
    if (loaded) return loaded.value;
    const value = await load();
    loaded ??= { value };
    return loaded.value;
  };
}
