import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { useActionData, useLoaderData } from "@remix-run/react";
import builderStyles from "~/features/builder/builder.css";
import { BuilderPage } from "./BuilderPage";
import { builderAction, loadBuilder } from "./builder.server";

/** /dashboard/builder?appId=<id>: the app builder (landing page, theme, onboarding, pricing, publish; studio tiers). */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: builderStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title:
      data && data.kind === "editor"
        ? `${data.app.name}: app builder`
        : data?.kind === "tiers"
          ? "Choose a studio tier"
          : "App builder",
  },
  { name: "robots", content: "noindex" },
];
export const loader = ({ request, context }: LoaderFunctionArgs) => loadBuilder(context.app, request);
export const action = ({ request, context }: ActionFunctionArgs) => builderAction(context.app, request);

/** An autosave keeps the page as typed: no reload of the loader (the badge re-checks on its own). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("autosave") === "1" ? false : defaultShouldRevalidate;

export default function BuilderRoute() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <BuilderPage data={data as never} actionData={actionData as never} />;
}
