import type { MetaFunction } from "@remix-run/cloudflare";

/** Every path no other route matches is a 404 page, rendered by the root error boundary. */
export async function loader() {
  throw new Response("Not found", { status: 404 });
}

export const meta: MetaFunction = () => [{ title: "Page not found" }];

export default function UnknownRoute() {
  return null;
}
