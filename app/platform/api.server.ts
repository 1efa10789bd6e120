import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { z } from "zod";
import type { AppContext } from "./context";
import { jsonError } from "./http.server";
import { FAILURE_STATUS, ServiceError } from "./service-error";

/**
 * @deprecated The routes' one JSON-API wrapper is app/http/api.server.ts. This older copy is left
 * only for the two feature API modules still to move into their routes (apps/api.server.ts and
 * onboarding/api.server.ts); it goes with them.
 */

/**
 * A GET endpoint of the JSON API: parses the query with its schema (400 with the first problem on
 * bad input), runs the handler, and turns "no such thing" into a 404. Callers' mistakes are never 500s.
 */
export function apiLoader<S extends z.ZodTypeAny>(
  schema: S,
  handler: (input: z.output<S>, app: AppContext, request: Request) => Promise<Response>,
) {
  return async ({ request, context }: LoaderFunctionArgs) => {
    const query: Record<string, string> = {};
    for (const [key, value] of new URL(request.url).searchParams) if (!(key in query)) query[key] = value;
    const parsed = schema.safeParse(query);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return jsonError(
        400,
        issue?.message ?? "Invalid request",
        parsed.error.issues.map((i) => ({ field: i.path.join("."), message: i.message })),
      );
    }
    try {
      return await handler(parsed.data, context.app, request);
    } catch (error) {
      if (error instanceof ServiceError) return jsonError(FAILURE_STATUS[error.failure], error.message, error.details);
      throw error;
    }
  };
}

/** A JSON answer; catalogue answers may be cached briefly by the browser. */
export function apiJson(body: unknown, { maxAge = 0, status = 200 }: { maxAge?: number; status?: number } = {}) {
  return Response.json(body, {
    status,
    headers: { "Cache-Control": maxAge > 0 ? `public, max-age=${maxAge}` : "no-store" },
  });
}

/** Endpoints that only answer GET say so to other methods. */
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

/**
 * A POST endpoint of the JSON API: the body parsed with its schema (400 with the first problem),
 * then the handler. GET gets a 405.
 */
export function apiAction<S extends z.ZodTypeAny>(
  schema: S,
  handler: (input: z.output<S>, app: AppContext, request: Request) => Promise<Response>,
) {
  return async ({ request, context }: LoaderFunctionArgs) => {
    if (request.method !== "POST") return jsonError(405, "Method not allowed");
    const body = await readBody(request);
    if (!body) return jsonError(400, "The body must be JSON or form data");
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return jsonError(
        400,
        issue?.message ?? "Invalid request",
        parsed.error.issues.map((i: z.ZodIssue) => ({ field: i.path.join("."), message: i.message })),
      );
    }
    return handler(parsed.data, context.app, request);
  };
}
