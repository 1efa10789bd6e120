import type { AppRef } from "~/features/onboarding/api.server";

/** The app a route names by its two slugs ({storefrontSlug}/{appSlug}). */
export const appRefOf = (params: Record<string, string | undefined>): AppRef => ({
  storefrontSlug: params.storefrontSlug ?? "",
  appSlug: params.appSlug ?? "",
});
