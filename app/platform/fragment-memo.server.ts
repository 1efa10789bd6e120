/**
 * The server's memo of rendered fragments (ui/ServerMemo says what may go in one): an isolate-wide map
 * from key to HTML, least recently used first out. A key is its content, so a copy is never stale; the
 * bound keeps the memory small (a page of cards is ~30 KB of HTML and ~14 KB of key).
 *
 * A copy is made after the page that asked for it has rendered its items itself, with the worker's
 * page renderer (renderToReadableStream: the worker carries no other, see the react-dom patch). It is
 * made on a later turn, never inside the page's render (React's server renderer keeps its state in
 * module variables). A copy the isolate does not finish is simply not there: the next page makes it.
 */
import type { ReactNode } from "react";
import { renderToReadableStream } from "react-dom/server";
import type { FragmentMemo } from "~/ui/ServerMemo";
import { setMostRecent } from "./recent-first";

export const FRAGMENT_MEMO_ENTRIES = 128;

type Render = (element: ReactNode) => Promise<string>;

export function createFragmentMemo({
  entries = FRAGMENT_MEMO_ENTRIES,
  render = renderToHtml,
}: { entries?: number; render?: Render } = {}): FragmentMemo & { settled(): Promise<void> } {
  const copies = new Map<string, string>();
  const making = new Map<string, Promise<void>>();
  return {
    copy(key) {
      const html = copies.get(key);
      if (html !== undefined) setMostRecent(copies, key, html, entries);
      return html;
    },
    remember(key, items) {
      if (copies.has(key) || making.has(key)) return;
      const made = Promise.resolve()
        .then(() => render(items()))
        .then((html) => setMostRecent(copies, key, html, entries))
        // A copy that cannot be made is not made: the pages keep rendering their items themselves.
        .catch((error: unknown) => console.warn("fragment memo: no copy made", error))
        .finally(() => making.delete(key));
      making.set(key, made);
    },
    /** Resolves once every copy under way is made (tests). */
    async settled() {
      await Promise.all(making.values());
    },
  };
}

async function renderToHtml(element: ReactNode): Promise<string> {
  let failed: unknown = null;
  const stream = await renderToReadableStream(element, {
    onError(error) {
      failed ??= error ?? new Error("render failed");
    },
  });
  const html = await new Response(stream).text();
  if (failed) throw failed;
  return html;
}

/** The isolate's memo, which entry.server.tsx hands to every page. */
export const fragmentMemo = createFragmentMemo();
