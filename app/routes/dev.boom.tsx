/**
 * /dev/boom: fails on purpose, to see error reporting end to end (the error page, and an event at
 * the Sentry DSN). The loader throws; with `?in=browser` the page renders and then throws while
 * rendering in the browser (an error only the root error boundary sees). `?id=` goes into the
 * message so a test can find its own event. Development and tests only: 404 unless ENVIRONMENT is development or test.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { notFoundOutsideDevelopment } from "~/platform/http.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  notFoundOutsideDevelopment(context.app.env);
  const url = new URL(request.url);
  const id = (url.searchParams.get("id") ?? "").replace(/[^\w-]/g, "").slice(0, 64);
  const suffix = id ? ` ${id}` : "";
  if (url.searchParams.get("in") !== "browser") throw new Error(`Boom from /dev/boom${suffix}`);
  return { message: `Boom in the browser${suffix}` };
}

export const meta: MetaFunction = () => [{ title: "Boom (development)" }, { name: "robots", content: "noindex" }];

export default function DevBoom() {
  const { message } = useLoaderData<typeof loader>();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (hydrated) throw new Error(message);
  return <p className="container">About to fail in the browser.</p>;
}
