import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getAppLandingPageInfoBySlug } from "~/features/apps/api.server";

/** GET /api/apps/getAppLandingPageInfoBySlug/{slug1}/{slug2}: the draft for the owner, the published page for the public (404 otherwise). */
export const loader = ({ request, params, context }: LoaderFunctionArgs) =>
  getAppLandingPageInfoBySlug(context.app, request, params);
