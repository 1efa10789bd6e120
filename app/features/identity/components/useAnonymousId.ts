import { useEffect, useState } from "react";
import { anonymousIdInCookies } from "../anonymous-id";

/**
 * This browser's anonymous id: the page's, or (on a shared page, which every visitor gets alike and
 * which so names no one) the cookie's, read once the page is in the browser.
 */
export function useAnonymousId(fromPage: string | null): string | null {
  const [fromCookie, setFromCookie] = useState<string | null>(null);
  useEffect(() => {
    if (!fromPage) setFromCookie(anonymousIdInCookies(document.cookie));
  }, [fromPage]);
  return fromPage ?? fromCookie;
}
