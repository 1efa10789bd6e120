import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import notificationStyles from "~/features/notifications/notifications.css";
import { markSeen, notificationsPage } from "~/features/notifications/notifications.server";
import { markSeenSchema } from "~/features/notifications/schema";
import { parseSubmission } from "~/http/form.server";
import { redirectWithToast } from "~/http/toast.server";
import { loginHref, visitorOf } from "~/http/visitor.server";
import { ServiceError } from "~/platform/service-error";
import { NotificationsPage } from "./NotificationsPage";

/** /notifications: signed in only (visitors go to Log In and come back); 'Mark all as read' posts here. */
export const meta: MetaFunction = () => [{ title: "Notifications" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: notificationStyles }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  // A visitor is sent to Log In with a 302 (as this page always has), and comes back to this address.
  const { user } = await visitorOf(context.app, request);
  const url = new URL(request.url);
  if (!user) throw redirect(loginHref(url.pathname + url.search));
  try {
    return await notificationsPage(context.app, user, url.searchParams.get("cursor"));
  } catch (error) {
    // A cursor that is not ours: 400, not the first page under an address that lies.
    if (error instanceof ServiceError) throw new Response(error.message, { status: 400 });
    throw error;
  }
}

/** POST /notifications ('Mark all as read'), with or without JavaScript: 303 back to the list. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = await visitorOf(context.app, request);
  if (!user) throw redirect(loginHref("/notifications"));
  const submission = await parseSubmission(request, markSeenSchema);
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? "Reload the page and try again.";
    return data({ error: message }, { status: 400 });
  }
  await markSeen(context.app, user.id, submission.value.seenUpTo);
  return redirectWithToast(request, "/notifications", { kind: "success", title: "All caught up." });
}

export default NotificationsPage;
