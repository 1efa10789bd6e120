import { createCookie } from "@remix-run/cloudflare";

export type Theme = "light" | "dark";

/** The visitor's chosen theme, kept a year; light is the default. */
const themeCookie = createCookie("studio_theme", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  maxAge: 60 * 60 * 24 * 365,
});

export async function readTheme(request: Request): Promise<Theme> {
  const value = await themeCookie.parse(request.headers.get("Cookie"));
  return value === "dark" ? "dark" : "light";
}

export function themeCookieHeader(theme: Theme, secure: boolean) {
  return themeCookie.serialize(theme, { secure });
}
