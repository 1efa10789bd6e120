import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getAppBySlug } from "~/features/apps/api.server";

/** GET /api/apps/getAppBySlug/{slug1}/{slug2} → {app} (drafts for the owner only). */
export const loader = ({ request, params, context }: LoaderFunctionArgs) => getAppBySlug(context.app, request, params);
