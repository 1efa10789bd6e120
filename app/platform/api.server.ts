import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { z } from "zod";
import { CursorNotFoundError } from "~/features/catalog/products.server";
import { parseQuery } from "~/features/catalog/schema";
import type { AppContext } from "./context";
import { jsonError } from "./http.server";

/**
 * A GET endpoint of the JSON API: parses the query with its schema (400 with the first problem on
 * bad input), runs the handler, and turns "no such thing" into a 404. Callers' mistakes are never 500s.
 */
export function apiLoader<S extends z.ZodTypeAny>(schema: S, handler: (input: z.output<S>, app: AppContext, request: Request) => Promise<Response>) {
  return async ({ request, context }: LoaderFunctionArgs) => {
    const parsed = parseQuery(schema, new URL(request.url));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return jsonError(400, issue?.message ?? "Invalid request", parsed.error.issues.map((i) => ({ field: i.path.join("."), message: i.message })));
    }
    try {
      return await handler(parsed.data, context.app, request);
    } catch (error) {
      if (error instanceof CursorNotFoundError) return jsonError(404, `lastProductId ${error.cursor} does not match any product`);
      throw error;
    }
  };
}

/** A JSON answer; catalogue answers may be cached briefly by the browser. */
export function apiJson(body: unknown, { maxAge = 0 }: { maxAge?: number } = {}) {
  return Response.json(body, { headers: { "Cache-Control": maxAge > 0 ? `public, max-age=${maxAge}` : "no-store" } });
}

/** Endpoints that only answer GET say so to other methods. */
export function methodNotAllowed() {
  return jsonError(405, "Method not allowed");
}
