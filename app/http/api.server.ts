/**
 * The one JSON-API wrapper. Every /api route is `apiLoader(schema, handler)` (GET) or
 * `apiAction(schema, handler)` (POST): the caller first when the call needs a user (401 before any
 * input check), then the input through its zod schema (400 with the first problem), then the
 * handler, which calls feature services. A handler returns plain data (answered as JSON) or, for the
 * few answers the spec shapes itself, a Response. A ServiceError a service throws becomes its status
 * and the one error body; other methods get a 405.
 *
 * The one error body: {status: 'error' | 'not found', error, detail, details?}. The spec's client
 * reads `detail`, else `message` (creator-app-builder spec 8); `error` is what the spec's catalogue
 * names for the learner API.
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { z } from "zod";
import type { UserRow } from "~/db/schema";
import { messages } from "~/features/identity/rules";
import type { AppContext } from "~/platform/context";
import { apiJson, jsonError, methodNotAllowed, queryObject, readBody } from "~/platform/http.server";
import { FAILURE_STATUS, ServiceError } from "~/platform/service-error";
import { visitorOf, type Visitor } from "./visitor.server";

export { apiJson, jsonError, methodNotAllowed, queryObject, readBody };

interface BaseCall<I> {
  input: I;
  app: AppContext;
  request: Request;
  params: LoaderFunctionArgs["params"];
  /** The caller (bearer token first, then the session cookie), resolved on first use. */
  visitor: () => Promise<Visitor>;
}
export type PublicCall<I> = BaseCall<I>;
export type SignedInCall<I> = BaseCall<I> & { user: UserRow };

type Handler<C> = (call: C) => Promise<unknown>;
interface Options {
  /** Seconds a browser may cache a successful answer (catalogue reads). */
  maxAge?: number;
}

function invalid(error: z.ZodError) {
  const issue = error.issues[0];
  return jsonError(
    400,
    issue?.message ?? "Invalid request",
    error.issues.map((i) => ({ field: i.path.join("."), message: i.message })),
  );
}

/** A service's refusal as the one error body; anything else is a real fault. */
export function failureAnswer(error: unknown): Response {
  if (error instanceof ServiceError) return jsonError(FAILURE_STATUS[error.failure], error.message, error.details);
  throw error;
}

async function answer(result: unknown, options: Options): Promise<Response> {
  return result instanceof Response ? result : apiJson(result, { maxAge: options.maxAge });
}

function wrap<S extends z.ZodTypeAny>(
  method: "GET" | "POST",
  schema: S,
  signedIn: boolean,
  handler: Handler<SignedInCall<z.output<S>>>,
  options: Options,
) {
  return async ({ request, context, params }: LoaderFunctionArgs): Promise<Response> => {
    // A HEAD is a GET without the body (Remix sends it to the loader).
    const asked = request.method === "HEAD" ? "GET" : request.method;
    if (asked !== method) return methodNotAllowed();
    const app = context.app;
    let visitor: Promise<Visitor> | undefined;
    const visitorOnce = () => (visitor ??= visitorOf(app, request, { bearer: true }));
    const user = signedIn ? (await visitorOnce()).user : null;
    if (signedIn && !user) return jsonError(401, messages.notAuthenticated);
    let raw: Record<string, unknown> | null;
    if (method === "GET") raw = queryObject(new URL(request.url));
    else {
      raw = await readBody(request);
      if (!raw) return jsonError(400, "The body must be JSON or form data");
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) return invalid(parsed.error);
    try {
      return await answer(
        await handler({ input: parsed.data, app, request, params, visitor: visitorOnce, user: user as UserRow }),
        options,
      );
    } catch (error) {
      return failureAnswer(error);
    }
  };
}

/** A public GET endpoint. */
export const apiLoader = <S extends z.ZodTypeAny>(
  schema: S,
  handler: Handler<PublicCall<z.output<S>>>,
  options: Options = {},
) => wrap("GET", schema, false, handler, options);

/** A public POST endpoint. */
export const apiAction = <S extends z.ZodTypeAny>(
  schema: S,
  handler: Handler<PublicCall<z.output<S>>>,
  options: Options = {},
) => wrap("POST", schema, false, handler, options);

/** A GET endpoint for a signed-in caller: 401 'User is not authenticated' before any input check. */
export const signedInLoader = <S extends z.ZodTypeAny>(
  schema: S,
  handler: Handler<SignedInCall<z.output<S>>>,
  options: Options = {},
) => wrap("GET", schema, true, handler, options);

/** A POST endpoint for a signed-in caller: 401 'User is not authenticated' before any input check. */
export const signedInAction = <S extends z.ZodTypeAny>(
  schema: S,
  handler: Handler<SignedInCall<z.output<S>>>,
  options: Options = {},
) => wrap("POST", schema, true, handler, options);
