import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { MembershipPage } from "~/features/subscriptions/components/MembershipPage";
import { loadMembershipPage, membershipAction } from "~/features/subscriptions/membership-page.server";

export const meta: MetaFunction = () => [{ title: "Membership and payments" }, { name: "robots", content: "noindex" }];
export const loader = ({ request, context }: LoaderFunctionArgs) => loadMembershipPage(context.app, request);
export const action = ({ request, context }: ActionFunctionArgs) => membershipAction(context.app, request);

export default function MembershipRoute() {
  return <MembershipPage {...useLoaderData<typeof loader>()} />;
}
