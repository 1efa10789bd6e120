import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { MembershipPage } from "./MembershipPage";
import { loadMembershipPage, membershipAction } from "./membership.server";

export const meta: MetaFunction = () => [{ title: "Membership and payments" }, { name: "robots", content: "noindex" }];
export const loader = ({ request, context }: LoaderFunctionArgs) => loadMembershipPage(context.app, request);
export const action = ({ request, context }: ActionFunctionArgs) => membershipAction(context.app, request);

export default function MembershipRoute() {
  return <MembershipPage {...useLoaderData<typeof loader>()} />;
}
