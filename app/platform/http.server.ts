import { isDevelopment, type Env } from "./env";

/** Small response helpers shared by routes and the JSON API. */

/** A JSON error the API returns for bad input: never a 500 for the caller's mistakes. */
export function jsonError(
  status: 400 | 401 | 403 | 404 | 405 | 409 | 422 | 429 | 500 | 502 | 503,
  error: string,
  details?: unknown,
) {
  // The one error body (app/http/api.server.ts): the spec's client reads `detail`; the learner API's catalogue names `error`.
  return Response.json(
    { status: status === 404 ? "not found" : "error", error, detail: error, ...(details ? { details } : {}) },
    { status },
  );
}

/** Throws the 404 that the route's ErrorBoundary renders as the not-found page. */
export function notFound(message = "Not found"): never {
  throw new Response(message, { status: 404, statusText: "Not Found" });
}

/**
 * Development-only pages (/dev/*, the embedded payment provider's card page) do not exist in
 * production: the ordinary not-found page, the same as any address that was never a route.
 */
export function notFoundOutsideDevelopment(env: Pick<Env, "ENVIRONMENT">): void {
  if (!isDevelopment(env)) notFound();
}

/** Secure cookies everywhere but plain-http localhost development. */
export function isSecureRequest(request: Request) {
  const url = new URL(request.url);
  return url.protocol === "https:";
}

/**
 * A post's form data, or null when the body is not a form (JSON, text, nothing). Callers treat null
 * as an empty form, so such a post gets the form's own validation errors: bad input, never a 500.
 */
export async function formDataOf(request: Request): Promise<FormData | null> {
  try {
    return await request.formData();
  } catch {
    return null;
  }
}
