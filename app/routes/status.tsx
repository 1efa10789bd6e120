import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { appOnFirstNeed } from "~/platform/app-on-first-need";

/**
 * /status: a tiny public "is it up" page. It reads no database and no KV, so it is also the
 * floor `npm run bench` measures every other page against (same root layout, no data work).
 */
export async function loader({ context }: LoaderFunctionArgs) {
  return { now: new Date().toISOString(), product: context.app.env.PRODUCT_NAME };
}

export const meta: MetaFunction = () => [{ title: "Status" }];

// It works without JavaScript: the app loads on first need (platform/app-on-first-need).
export const handle = appOnFirstNeed;

export default function StatusRoute() {
  const { now, product } = useLoaderData<typeof loader>();
  // The ISO time in UTC, as the server sent it: the same text on the server and in the browser.
  const shown = `${now.slice(0, 10)} ${now.slice(11, 19)} UTC`;
  return (
    <section className="container status-page" aria-labelledby="status-title">
      <h1 id="status-title">{product} is up</h1>
      <p>
        Server time: <time dateTime={now}>{shown}</time>
      </p>
    </section>
  );
}
