import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { LegalPage } from "~/features/legal/LegalPage";
import { renderLegal } from "~/features/legal/render.server";
import { appOnFirstNeed } from "~/platform/app-on-first-need";

export async function loader({ context }: LoaderFunctionArgs) {
  return { html: await renderLegal("privacy", context.app.env), productName: context.app.env.PRODUCT_NAME };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Privacy Policy · ${data?.productName ?? "Studio"}` },
];

// It works without JavaScript: the app loads on first need (platform/app-on-first-need).
export const handle = appOnFirstNeed;

export default function PrivacyRoute() {
  const { html } = useLoaderData<typeof loader>();
  return <LegalPage title="Privacy Policy" html={html} />;
}
