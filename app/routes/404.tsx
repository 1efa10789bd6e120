import type { MetaFunction } from "@remix-run/cloudflare";

/** /404 renders the not-found page with a real 404 status. */
export async function loader() {
  throw new Response("Not found", { status: 404 });
}

export const meta: MetaFunction = () => [{ title: "Page not found" }];

export default function NotFound() {
  return null;
}
