/** Only same-site paths may be redirected to: '/x' yes, '//evil.example' or 'https://…' no. */
export function safeRedirectPath(to: string | null | undefined, fallback = "/"): string {
  if (!to || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  return to;
}
