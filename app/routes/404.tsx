import type { MetaFunction } from "@remix-run/cloudflare";
import { appOnFirstNeed } from "~/platform/app-on-first-need";

/** /404 renders the not-found page with a real 404 status. */
export async function loader() {
  throw new Response("Not found", { status: 404 });
}

export const meta: MetaFunction = () => [{ title: "Page not found" }];

// It works without JavaScript: the app loads on first need (platform/app-on-first-need).
export const handle = appOnFirstNeed;

export default function NotFound() {
  return null;
}
