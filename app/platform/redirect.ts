/** Only same-site paths may be redirected to: '/x' yes, '//evil.example' or 'https://…' no. */
export function safeRedirectPath(to: string | null | undefined, fallback = "/"): string {
  if (!to || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  return to;
}

/** The query part of a page path, with its '?' ('/classes/a/b?p=vip' -> '?p=vip'; none -> ''). */
export function queryOf(page: string): string {
  const index = page.indexOf("?");
  return index === -1 ? "" : page.slice(index);
}
