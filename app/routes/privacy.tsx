import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { LegalPage } from "~/features/legal/LegalPage";
import { renderLegal } from "~/features/legal/render.server";

export async function loader({ context }: LoaderFunctionArgs) {
  return { html: await renderLegal("privacy", context.app.env), productName: context.app.env.PRODUCT_NAME };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Privacy Policy · ${data?.productName ?? "Studio"}` },
];

export default function PrivacyRoute() {
  const { html } = useLoaderData<typeof loader>();
  return <LegalPage title="Privacy Policy" html={html} />;
}
