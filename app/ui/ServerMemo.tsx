/**
 * A list whose items the server renders to HTML once per key and then copies: a page of 24 class cards
 * cost the signed-in catalogue page ~1.2 ms of its ~6.8 ms of CPU, and the same cards come back for
 * every visitor.
 *
 * The rules that make it safe:
 * - The key names everything the items' HTML depends on (the caller's data, as JSON). Nothing personal
 *   goes in the items: they are shared by everyone who sees the same key.
 * - The items may use the router (links), which is handed over from the page; no other context, no
 *   useId, nothing that suspends. Their links must be absolute, since the HTML is shared between pages.
 * - The browser renders the items themselves and hydrates them against the copied HTML, which is the
 *   same markup (tests/unit/server-memo.test.ts holds the two to each other, byte for byte).
 * Without a memo (in the browser, or in a render that has none) it is a plain list.
 */
import { createContext, useContext, type HTMLAttributes, type ReactNode } from "react";
import {
  UNSAFE_LocationContext as LocationContext,
  UNSAFE_NavigationContext as NavigationContext,
  UNSAFE_RouteContext as RouteContext,
} from "react-router-dom";

/** The server's copies of rendered items, by key (platform/fragment-memo.server). */
export interface FragmentMemo {
  /** The HTML made for this key, if it is made. */
  copy(key: string): string | undefined;
  /** Renders what `items` returns to HTML for this key, in the background; later pages copy it. */
  remember(key: string, items: () => ReactNode): void;
}

export const FragmentMemoContext = createContext<FragmentMemo | null>(null);

export function MemoizedList({
  memoKey,
  children,
  ...props
}: Omit<HTMLAttributes<HTMLUListElement>, "children" | "dangerouslySetInnerHTML"> & {
  /** Called only where there is a memo (the browser has no use for a key). */
  memoKey: () => string;
  children: ReactNode;
}) {
  const memo = useContext(FragmentMemoContext);
  const navigation = useContext(NavigationContext);
  const location = useContext(LocationContext);
  const route = useContext(RouteContext);
  if (!memo) return <ul {...props}>{children}</ul>;
  const key = memoKey();
  const html = memo.copy(key);
  if (html !== undefined) return <ul {...props} dangerouslySetInnerHTML={{ __html: html }} />;
  // The first page with these items renders them itself, and has a copy made for the next.
  memo.remember(key, () => (
    <NavigationContext.Provider value={navigation}>
      <LocationContext.Provider value={location}>
        <RouteContext.Provider value={route}>{children}</RouteContext.Provider>
      </LocationContext.Provider>
    </NavigationContext.Provider>
  ));
  return <ul {...props}>{children}</ul>;
}
