import type { MetaFunction } from "@remix-run/cloudflare";
import { appOnFirstNeed } from "~/platform/app-on-first-need";

/** Every path no other route matches is a 404 page, rendered by the root error boundary. */
export async function loader() {
  throw new Response("Not found", { status: 404 });
}

export const meta: MetaFunction = () => [{ title: "Page not found" }];

// It works without JavaScript: the app loads on first need (platform/app-on-first-need).
export const handle = appOnFirstNeed;

export default function UnknownRoute() {
  return null;
}
