/** The page a request came from (path and query), when it is one of ours; null otherwise. */
export function sameOriginReferer(request: Request): string | null {
  const referer = request.headers.get("Referer");
  if (!referer) return null;
  try {
    const from = new URL(referer);
    return from.origin === new URL(request.url).origin ? from.pathname + from.search : null;
  } catch {
    return null;
  }
}
