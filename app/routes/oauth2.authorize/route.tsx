import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AppHandOffPage, handOffMeta } from "~/features/identity/components/AppHandOff";
import { authorizeForm, authorizePage } from "./authorize.server";

/** /oauth2/authorize: hosted login's authorization endpoint, GET or a posted form (authorize.server.ts). */
export const loader = ({ request, context }: LoaderFunctionArgs) => authorizePage(context.app, request);
export const action = ({ request, context }: ActionFunctionArgs) => authorizeForm(context.app, request);
export const meta: MetaFunction<typeof loader> = ({ data }) => handOffMeta(data);
export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

export default function AuthorizeRoute() {
  // A refused post's own answer (why its form is not taken) comes before the page's load of the same address.
  const posted = useActionData<typeof action>();
  const loaded = useLoaderData<typeof loader>();
  return <AppHandOffPage handOff={posted ?? loaded} />;
}
