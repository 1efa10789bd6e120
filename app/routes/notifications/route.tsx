import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import notificationStyles from "~/features/notifications/notifications.css";
import { markSeen, notificationsPage } from "~/features/notifications/notifications.server";
import { markSeenSchema } from "~/features/notifications/schema";
import { parseSubmission } from "~/http/form.server";
import { redirectWithToast } from "~/http/toast.server";
import { requireUser } from "~/http/visitor.server";
import { ServiceError } from "~/platform/service-error";
import { NotificationsPage } from "./NotificationsPage";

/** /notifications: signed in only (visitors go to Log In and come back); 'Mark all as read' posts here. */
export const meta: MetaFunction = () => [{ title: "Notifications" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: notificationStyles }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(context.app, request);
  const url = new URL(request.url);
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
  // A 302, as this post has always answered a visitor.
  const user = await requireUser(context.app, request, { redirectTo: "/notifications", status: 302 });
  const submission = await parseSubmission(request, markSeenSchema);
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? "Reload the page and try again.";
    return data({ error: message }, { status: 400 });
  }
  await markSeen(context.app, user.id, submission.value.seenUpTo);
  return redirectWithToast(request, "/notifications", { kind: "success", title: "All caught up." });
}

export default NotificationsPage;
