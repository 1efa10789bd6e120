/**
 * Where the session cookies live (spec 7: "Session cookies are set on the product's parent domain
 * ... disabled on preview deployments"). With SESSION_COOKIE_DOMAIN set (e.g. "studio.example"), a
 * request to that domain or any subdomain (www., app.) gets cookies every subdomain shares. Any other
 * host (a preview deployment on workers.dev, localhost) keeps host-only cookies: a browser would
 * refuse a Domain it is not under, and a preview must not share the product's sessions.
 */
export const COOKIE_DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export function cookieDomainFor(setting: string | undefined, host: string): string | undefined {
  if (!setting) return undefined;
  const domain = setting.toLowerCase().replace(/^\./, "");
  const hostname = host.toLowerCase().replace(/:\d+$/, "");
  return hostname === domain || hostname.endsWith(`.${domain}`) ? domain : undefined;
}
