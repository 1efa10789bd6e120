import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { NotificationsPage } from "~/features/notifications/components/NotificationsPage";
import { notificationsAction, notificationsPage } from "~/features/notifications/notifications.server";
import notificationStyles from "~/features/notifications/notifications.css";

/** /notifications: signed in only (visitors go to Log In and come back); 'Mark all as read' posts here. */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: notificationStyles }];
export const loader = ({ request, context }: LoaderFunctionArgs) => notificationsPage(context.app, request);
export const action = ({ request, context }: ActionFunctionArgs) => notificationsAction(context.app, request);
export const meta: MetaFunction = () => [{ title: "Notifications" }];
export default NotificationsPage;
