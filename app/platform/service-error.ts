/**
 * How a feature service says "no" without knowing HTTP: a failure kind and the spec's message.
 * Routes turn it into an answer: the JSON API wrapper (app/http/api.server.ts) into a status and the
 * one error body, a screen into a form error or a toast.
 */
export type Failure =
  "invalid" | "unauthenticated" | "forbidden" | "not-found" | "conflict" | "too-many" | "unavailable";

export class ServiceError extends Error {
  constructor(
    readonly failure: Failure,
    message: string,
    /** Per-field problems, when the failure is about the input. */
    readonly details?: { field: string; message: string }[],
    /** A 'too-many' refusal's wait: answered as the Retry-After header. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "ServiceError";
  }
}

export const FAILURE_STATUS = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  "too-many": 429,
  unavailable: 503,
} as const satisfies Record<Failure, number>;

/** A 'too-many' refusal that says when to come back (the API answers it as 429 with Retry-After). */
export function tooMany(message: string, retryAfterSeconds: number): ServiceError {
  return new ServiceError("too-many", message, undefined, Math.max(1, Math.ceil(retryAfterSeconds)));
}

/** The headers a refusal carries: Retry-After on a 'too-many' with a known wait. */
export function refusalHeaders(error: ServiceError): Record<string, string> {
  return error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : {};
}
