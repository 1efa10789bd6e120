import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { z } from "zod";
import type { AppContext } from "./context";
import { apiJson, jsonError, methodNotAllowed, queryObject, readBody } from "./http.server";
import { FAILURE_STATUS, ServiceError } from "./service-error";

export { apiJson, methodNotAllowed, readBody };

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
    const parsed = schema.safeParse(queryObject(new URL(request.url)));
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
