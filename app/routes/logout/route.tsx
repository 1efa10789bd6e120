import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AppHandOffPage, handOffMeta } from "~/features/identity/components/AppHandOff";
import { logoutAction, logoutPage } from "./logout.server";

/** /logout: hosted login's sign-out (logout.server.ts). */
export const loader = ({ request, context }: LoaderFunctionArgs) => logoutPage(context.app, request);
export const action = ({ request, context }: ActionFunctionArgs) => logoutAction(context.app, request);
export const meta: MetaFunction<typeof loader> = ({ data }) => handOffMeta(data);
export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

export default function LogoutRoute() {
  const page = useLoaderData<typeof loader>();
  return <AppHandOffPage handOff={useActionData<typeof action>() ?? page} />;
}
