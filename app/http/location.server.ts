/** Where a request comes from, as plain values for services: the visitor's location and our page it came from. */
import { locationOf, type SignInPlace } from "~/features/analytics/identify.server";
import { sameOriginReferer } from "~/features/analytics/referer";

export function placeOf(request: Request): SignInPlace {
  return { ...locationOf(request), referer: sameOriginReferer(request) };
}
