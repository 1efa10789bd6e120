/**
 * A page's service call whose refusal is the page's answer: a ServiceError (not found, not yours…)
 * becomes an HTTP error response with its message, which the route's error boundary shows; or, for
 * a 'too-many' refusal a form can say in words, the refusal itself for the action to show on its page
 * (with its Retry-After: `retryAfterHeaders` as the route's `headers`).
 */
import type { HeadersFunction } from "@remix-run/cloudflare";
import { FAILURE_STATUS, ServiceError } from "~/platform/service-error";

export async function orErrorPage<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof ServiceError)
      throw new Response(error.message, { status: FAILURE_STATUS[error.failure], statusText: error.message });
    throw error;
  }
}

/** Does the work; a 'too-many' refusal is returned (null when the work was done), anything else thrown. */
export async function tooManyOf(work: Promise<unknown>): Promise<ServiceError | null> {
  try {
    await work;
    return null;
  } catch (error) {
    if (error instanceof ServiceError && error.failure === "too-many") return error;
    throw error;
  }
}

/** A page's `headers` when its action may answer a refusal: the parent's headers, plus the action's Retry-After. */
export const retryAfterHeaders: HeadersFunction = ({ parentHeaders, actionHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};
