import { useEffect, useState } from "react";

/**
 * False on the server, during hydration and on a route's first render; true once mounted. The switch
 * happens in an effect (an ordinary update, not the navigation's transition), so a client-side
 * navigation shows the page at once with the server's drawing while the interactive chart loads,
 * instead of waiting for it.
 */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}
