import type { AppContext } from "~/platform/context";

/** A read: GET or HEAD (a page, its data), which changes nothing. */
export const isRead = (request: Request) => request.method === "GET" || request.method === "HEAD";

const answers = new WeakMap<AppContext, Map<string, Promise<unknown>>>();

/**
 * What a page's loaders all ask for at once (Remix runs them together: the root's header and the
 * page's own), worked out once per request on a read and shared under `key`. A write's request works
 * it out afresh each time, as its action may change the answer between two asks (signing in or out,
 * adding to the cart).
 */
export function oncePerRead<T>(app: AppContext, request: Request, key: string, work: () => Promise<T>): Promise<T> {
  if (!isRead(request)) return work();
  let known = answers.get(app);
  if (!known) answers.set(app, (known = new Map()));
  let answer = known.get(key) as Promise<T> | undefined;
  if (!answer) known.set(key, (answer = work()));
  return answer;
}
