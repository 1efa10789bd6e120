import { isDevelopment, type Env } from "./env";

/** Small response helpers shared by routes and the JSON API. */

/** A JSON error the API returns for bad input: never a 500 for the caller's mistakes. */
export function jsonError(
  status: 400 | 401 | 403 | 404 | 405 | 409 | 422 | 429 | 500 | 502 | 503,
  error: string,
  details?: unknown,
  headers?: Record<string, string>,
) {
  // The one error body (app/http/api.server.ts): the spec's client reads `detail`; the learner API's catalogue names `error`.
  return Response.json(
    { status: status === 404 ? "not found" : "error", error, detail: error, ...(details ? { details } : {}) },
    { status, headers },
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

/** A JSON answer; catalogue answers may be cached briefly by the browser. */
export function apiJson(
  body: unknown,
  {
    maxAge = 0,
    status = 200,
    headers = {},
  }: { maxAge?: number; status?: number; headers?: Record<string, string> } = {},
) {
  return Response.json(body, {
    status,
    headers: { "Cache-Control": maxAge > 0 ? `public, max-age=${maxAge}` : "no-store", ...headers },
  });
}

/** Endpoints that only answer one method say so to the others. */
export function methodNotAllowed() {
  return jsonError(405, "Method not allowed");
}

/** Reads a POST body as the spec's calls send it: JSON, or form data (urlencoded or multipart). Null when unreadable. */
export async function readBody(request: Request): Promise<Record<string, unknown> | null> {
  const type = request.headers.get("Content-Type") ?? "";
  try {
    if (type.includes("application/json")) {
      const body = await request.json();
      return body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
    }
    if (type.includes("form"))
      return Object.fromEntries([...(await request.formData())].filter(([, v]) => typeof v === "string"));
    return null;
  } catch {
    return null;
  }
}

/** The query string as an object: the first value of each name. */
export function queryObject(url: URL): Record<string, string> {
  const raw: Record<string, string> = {};
  for (const [key, value] of url.searchParams) if (!(key in raw)) raw[key] = value;
  return raw;
}
