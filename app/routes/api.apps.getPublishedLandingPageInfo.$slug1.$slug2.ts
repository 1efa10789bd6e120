import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getPublishedLandingPageInfo } from "~/features/apps/api.server";

/** GET /api/apps/getPublishedLandingPageInfo/{slug1}/{slug2}: 404 when absent or pending. */
export const loader = ({ params, context }: LoaderFunctionArgs) => getPublishedLandingPageInfo(context.app, params);
