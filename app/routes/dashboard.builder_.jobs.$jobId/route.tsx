import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import builderStyles from "~/features/builder/builder.css";
import { buildOf } from "~/features/builder/build-app.server";
import { forgetCreatorApps } from "~/features/builder/client";
import { NO_MODEL_HERO, NoModelNotice } from "~/features/apps/components/NoModelNotice";
import { JobProgress } from "~/features/jobs/components/JobProgress";
import { orErrorPage } from "~/http/service.server";
import { requireUser } from "~/http/visitor.server";
import { modelConnected } from "~/platform/adapters/ai/ai.server";

/**
 * /dashboard/builder/jobs/{jobId}: an app being built. The progress bar refreshes itself without
 * JavaScript and follows the job live with it; when the app is made, the builder opens.
 */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: builderStyles }];
export const meta: MetaFunction = () => [{ title: "Building your app" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const jobId = (params.jobId ?? "").slice(0, 64);
  const user = await requireUser(context.app, request, { redirectTo: `/dashboard/builder/jobs/${jobId}`, status: 302 });
  const build = await orErrorPage(buildOf(context.app, user.id, jobId));
  if (build.status === "completed") throw redirect(build.builderHref);
  return { build, modelConnected: modelConnected(context.app) };
}

export default function BuildProgressRoute() {
  const { build, modelConnected } = useLoaderData<typeof loader>();
  // A new app is on its way: the builder's cached app list (30 s) would not have it.
  useEffect(() => forgetCreatorApps(), []);
  return (
    <div className="container builder">
      <nav aria-label="Breadcrumb" className="builder-crumbs">
        <Link to="/dashboard">Dashboard</Link> / <span aria-current="page">New app</span>
      </nav>
      <h1>Building your app</h1>
      {build.status === "failed" ? (
        <>
          <p role="alert" className="builder-errors">
            {build.error}
          </p>
          <p>
            <Link to="/dashboard#new-app">Back to your dashboard</Link> to try again.
          </p>
        </>
      ) : (
        <>
          <p className="builder-note">
            We are writing its landing page, onboarding questions and blueprint, and making its hero picture
            {modelConnected ? "" : " (a designed cover)"}. The builder opens when it is ready.
          </p>
          <JobProgress
            jobId={build.jobId}
            room={build.room}
            status={build.status}
            progress={build.progress}
            statusPath={`/api/jobs/${build.jobId}`}
            label="App build progress"
          />
          {modelConnected ? null : <NoModelNotice what="Your app" picture={NO_MODEL_HERO} />}
        </>
      )}
    </div>
  );
}
