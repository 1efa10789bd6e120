import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiJson, methodNotAllowed } from "~/platform/api.server";
import { serverUp } from "~/platform/health.server";

/** GET /api/up: 'yes' when the database answers (the sign-up sequence checks it first), else 'no' with a 503. */
export async function loader({ context }: LoaderFunctionArgs) {
  return (await serverUp(context.app)) ? apiJson({ up: "yes" }) : apiJson({ up: "no" }, { status: 503 });
}
export const action = methodNotAllowed;
