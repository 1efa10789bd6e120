import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { ingestBatch } from "~/features/analytics/ingest.server";
import { methodNotAllowed } from "~/platform/api.server";

/** POST /api/data: the analytics proxy (spec 7), standard batched uploads from our pages' batcher. */
export async function action({ request, context }: ActionFunctionArgs) {
  return ingestBatch(context.app, request);
}

export const loader = methodNotAllowed;
