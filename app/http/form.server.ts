/**
 * The one way an action reads a form: conform's parse with the form's zod schema (the same schema
 * the browser validates with), on the posted fields with impossible list indexes removed. A body
 * that is not a form parses as an empty one, so it gets the form's own errors, never a 500.
 */
import type { ZodTypeAny } from "zod";
import { parseForm } from "~/platform/form.server";
import { formDataOf } from "~/platform/http.server";

export async function parseSubmission<S extends ZodTypeAny>(request: Request, schema: S) {
  const form = (await formDataOf(request)) ?? new FormData();
  return parseForm(form, { schema });
}
