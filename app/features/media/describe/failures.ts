/**
 * How a description call's failures reach the route: a ServiceError (the route answers the spec's
 * fixed result with the failure's status and this message as its detail). A link that may not be
 * read is the caller's mistake (400); a page or service that did not answer usably is 503; anything
 * unexpected is logged and said plainly, never a 500.
 */
import { WebFetchError } from "~/platform/adapters/web/safe-fetch.server";
import { ServiceError } from "~/platform/service-error";

export function asServiceError(error: unknown, what: string): ServiceError {
  if (error instanceof ServiceError) return error;
  if (error instanceof WebFetchError)
    return new ServiceError(error.kind === "refused" ? "invalid" : "unavailable", error.message);
  console.error(`media descriptions: ${what} failed`, error);
  return new ServiceError("unavailable", `The ${what} could not be read`);
}
