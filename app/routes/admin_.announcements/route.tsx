import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { AnnouncementPage } from "./AnnouncementPage";
import { announcementAction, announcementPage } from "./announcements.server";

/** /admin/announcements: admins announce something to everyone (checked on the server). */
export const loader = ({ request, context }: LoaderFunctionArgs) => announcementPage(context.app, request);
export const action = ({ request, context }: ActionFunctionArgs) => announcementAction(context.app, request);
export const meta: MetaFunction = () => [{ title: "Announce · Admin" }, { name: "robots", content: "noindex" }];
export default AnnouncementPage;
