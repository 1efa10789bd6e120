/**
 * A page's service call whose refusal is the page's answer: a ServiceError (not found, not yours…)
 * becomes an HTTP error response with its message, which the route's error boundary shows.
 */
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
