/** JSON API endpoints that need a signed-in caller (session cookie or bearer token): 401 'User is not authenticated' otherwise. */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { z } from "zod";
import type { UserRow } from "~/db/schema";
import { apiAction, apiLoader } from "~/platform/api.server";
import type { AppContext } from "~/platform/context";
import { jsonError } from "~/platform/http.server";
import { messages } from "./rules";
import { requestUser } from "./tokens.server";

type Handler<S extends z.ZodTypeAny> = (
  input: z.output<S>,
  user: UserRow,
  app: AppContext,
  request: Request,
) => Promise<Response>;

/** The caller first (401 before any input check), then the input, then the handler. */
function signedIn<S extends z.ZodTypeAny>(wrap: typeof apiAction, schema: S, handler: Handler<S>) {
  return async (args: LoaderFunctionArgs) => {
    const user = await requestUser(args.context.app, args.request);
    if (!user) return jsonError(401, messages.notAuthenticated);
    return wrap(schema, (input, app, request) => handler(input, user, app, request))(args);
  };
}

export const signedInAction = <S extends z.ZodTypeAny>(schema: S, handler: Handler<S>) =>
  signedIn(apiAction, schema, handler);
export const signedInLoader = <S extends z.ZodTypeAny>(schema: S, handler: Handler<S>) =>
  signedIn(apiLoader, schema, handler);
