import { apiJson, methodNotAllowed } from "~/platform/api.server";

/** GET /api/up: the sign-up sequence checks that this answers up 'yes' before creating an account. */
export async function loader() {
  return apiJson({ up: "yes" });
}
export const action = methodNotAllowed;
