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
import { FAILURE_STATUS, refusalHeaders, ServiceError } from "~/platform/service-error";
import type { BearerKind } from "./session.server";
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
type FailureStatus = Parameters<typeof jsonError>[0];
interface Options {
  /** Seconds a browser may cache a successful answer (catalogue reads). */
  maxAge?: number;
  /**
   * The body of every failure of a call whose spec shapes its own (e.g. {success:false, error:'Failed
   * to update pricing'}): a wrong method, no caller, bad input and a service's refusal all answer it,
   * with their status. Without it, failures are the one error body.
   */
  failure?: (status: FailureStatus, message: string) => unknown;
  /**
   * How a POST's input is read: "required" (the default: a JSON or form body, else 400), "optional"
   * (none, or an unreadable one, is an empty object), "ignored" (the call takes no body; the schema
   * sees an empty object) or "query" (the spec's call sends its input in the query string).
   */
  body?: "required" | "optional" | "ignored" | "query";
  /** An action answering another method than POST (the spec's PATCH calls); its body is read the same way. */
  method?: "PATCH" | "DELETE";
  /**
   * The bearer tokens that may make the call (default: access and app tokens). Any other token sent is
   * answered as no caller, even beside a session cookie.
   */
  bearer?: readonly BearerKind[];
}

/** Why a POST was refused before its schema: its body was not JSON or form data. */
export const UNREADABLE_BODY = "The body must be JSON or form data";

/** A failure in the call's shape: its own (options.failure) or the one error body. */
function failed(
  options: Options,
  status: FailureStatus,
  message: string,
  details?: unknown,
  headers?: Record<string, string>,
): Response {
  if (!options.failure) return jsonError(status, message, details, headers);
  return apiJson(options.failure(status, message), { status, headers });
}

function invalid(error: z.ZodError, options: Options) {
  const issue = error.issues[0];
  return failed(
    options,
    400,
    issue?.message ?? "Invalid request",
    error.issues.map((i) => ({ field: i.path.join("."), message: i.message })),
  );
}

/** A service's refusal as the one error body; anything else is a real fault. */
export function failureAnswer(error: unknown): Response {
  if (error instanceof ServiceError)
    return jsonError(FAILURE_STATUS[error.failure], error.message, error.details, refusalHeaders(error));
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
    const expected = method === "POST" ? (options.method ?? "POST") : method;
    if (asked !== expected) return options.failure ? failed(options, 405, "Method not allowed") : methodNotAllowed();
    const app = context.app;
    let visitor: Promise<Visitor> | undefined;
    const visitorOnce = () => (visitor ??= visitorOf(app, request, { bearer: true, bearerKinds: options.bearer }));
    const user = signedIn ? (await visitorOnce()).user : null;
    if (signedIn && !user) return failed(options, 401, messages.notAuthenticated);
    let raw: Record<string, unknown> | null;
    if (method === "GET" || options.body === "query") raw = queryObject(new URL(request.url));
    else if (options.body === "ignored") raw = {};
    else {
      raw = await readBody(request);
      if (!raw && options.body === "optional") raw = {};
      if (!raw) return failed(options, 400, UNREADABLE_BODY);
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) return invalid(parsed.error, options);
    try {
      return await answer(
        await handler({ input: parsed.data, app, request, params, visitor: visitorOnce, user: user as UserRow }),
        options,
      );
    } catch (error) {
      if (options.failure && error instanceof ServiceError)
        return failed(
          options,
          FAILURE_STATUS[error.failure] as FailureStatus,
          error.message,
          error.details,
          refusalHeaders(error),
        );
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
