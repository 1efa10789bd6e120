import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AppHandOffPage, handOffMeta } from "~/features/identity/components/AppHandOff";
import { authorizePage } from "./authorize.server";

/** /oauth2/authorize: hosted login's authorization endpoint (authorize.server.ts). */
export const loader = ({ request, context }: LoaderFunctionArgs) => authorizePage(context.app, request);
export const meta: MetaFunction<typeof loader> = ({ data }) => handOffMeta(data);
export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

export default function AuthorizeRoute() {
  return <AppHandOffPage handOff={useLoaderData<typeof loader>()} />;
}
