import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { useActionData, useLoaderData } from "@remix-run/react";
import builderStyles from "~/features/builder/builder.css";
import mediaStyles from "~/features/media/media.css";
import simulatorStyles from "~/features/simulator/simulator.css";
import { requireUser } from "~/http/visitor.server";
import { formDataOf } from "~/platform/http.server";
import { BlueprintEditor } from "./BlueprintEditor";
import { BuilderPage } from "./BuilderPage";
import { blueprintEditorAction, loadBlueprintEditor } from "./blueprint-editor.server";
import { MediaLibrary } from "./MediaLibrary";
import { loadMediaLibrary, mediaLibraryAction } from "./media-library.server";
import { builderAction, loadBuilder } from "./builder.server";
import { Simulator } from "./Simulator";
import { loadSimulator, simulatorAction } from "./simulator.server";

/**
 * /dashboard/builder?appId=<id>: the app builder (landing page, theme, onboarding, pricing, publish;
 * studio tiers); with &mode=blueprint, the blueprint editor; with &mode=media, the media library;
 * with &mode=simulator, the simulator and test flows.
 */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: builderStyles },
  { rel: "stylesheet", href: mediaStyles },
  { rel: "stylesheet", href: simulatorStyles },
];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title:
      data && data.kind === "editor"
        ? `${data.app.name}: app builder`
        : data?.kind === "blueprint"
          ? `${data.app.name}: blueprint`
          : data?.kind === "simulator"
            ? `${data.app.name}: simulator`
            : data?.kind === "tiers"
              ? "Choose a studio tier"
              : "App builder",
  },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const appId = url.searchParams.get("appId");
  if (url.searchParams.get("mode") === "blueprint" && appId) {
    const user = await requireUser(context.app, request, { status: 302 });
    return loadBlueprintEditor(context.app, request, user, appId);
  }
  if (url.searchParams.get("mode") === "media" && appId) {
    const user = await requireUser(context.app, request, { status: 302 });
    return loadMediaLibrary(context.app, request, user, appId);
  }
  if (url.searchParams.get("mode") === "simulator" && appId) {
    const user = await requireUser(context.app, request, { status: 302 });
    return loadSimulator(context.app, request, user, appId);
  }
  return loadBuilder(context.app, request);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await formDataOf(request.clone() as Request);
  const appId = new URL(request.url).searchParams.get("appId") ?? String(form?.get("appId") ?? "");
  if (form?.get("section") === "blueprint") return blueprintEditorAction(context.app, request, appId);
  if (form?.get("section") === "media") return mediaLibraryAction(context.app, request, appId, form);
  if (form?.get("section") === "simulator") return simulatorAction(context.app, request, appId, form);
  return builderAction(context.app, request);
}

/** An autosave keeps the page as typed: no reload of the loader (the badge re-checks on its own). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("autosave") === "1" ? false : defaultShouldRevalidate;

export default function BuilderRoute() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (data.kind === "blueprint") return <BlueprintEditor data={data as never} answer={actionData as never} />;
  if (data.kind === "simulator") return <Simulator data={data as never} answer={actionData as never} />;
  if (data.kind === "media") return <MediaLibrary data={data as never} answer={actionData as never} />;
  return <BuilderPage data={data as never} actionData={actionData as never} />;
}
