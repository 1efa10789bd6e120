/** /notifications: the user's notifications and announcements, newest first; works without JavaScript. */
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Button, ButtonLink } from "~/ui/Button";
import { Tag } from "~/ui/Tag";
import type { NotificationItem, notificationsPage } from "~/features/notifications/notifications.server";
import type { NotificationKind } from "~/features/notifications/rules";

type PageData = Awaited<ReturnType<typeof notificationsPage>>;

const KIND_LABEL: Record<NotificationKind, string> = {
  purchase: "Purchase",
  new_lesson: "New lesson",
  announcement: "Announcement",
};
const fullDate = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

function Title({ item }: { item: NotificationItem }) {
  if (!item.link) return <>{item.title}</>;
  // Links on this site stay in the app; others are plain links.
  return item.link.startsWith("/") ? <Link to={item.link}>{item.title}</Link> : <a href={item.link}>{item.title}</a>;
}

function NotificationEntry({ item }: { item: NotificationItem }) {
  const titleId = `notification-${item.id}`;
  return (
    <li
      className={["notification", item.unseen && "notification--unseen", item.universal && "notification--universal"]
        .filter(Boolean)
        .join(" ")}
    >
      <article aria-labelledby={titleId}>
        <p className="notification__meta">
          {item.universal ? (
            <Tag selected={false}>Announcement</Tag>
          ) : (
            <span className="eyebrow">{KIND_LABEL[item.kind]}</span>
          )}
          {item.unseen ? <span className="notification__new">New</span> : null}
          <time dateTime={new Date(item.createdAt).toISOString()} title={`${fullDate.format(item.createdAt)} UTC`}>
            {item.when}
          </time>
        </p>
        <h2 id={titleId} className="notification__title">
          <Title item={item} />
        </h2>
        {item.body ? <p className="notification__body">{item.body}</p> : null}
      </article>
    </li>
  );
}

export function NotificationsPage() {
  const { items, nextCursor, isFirstPage, seenUpTo } = useLoaderData<PageData>();
  const answer = useActionData<{ error: string }>();
  const marking = useNavigation().formAction === "/notifications";
  return (
    <div className="container notifications-page">
      <div className="notifications-page__head">
        <h1>Notifications</h1>
        {seenUpTo !== null ? (
          <Form method="post" action="/notifications">
            <input type="hidden" name="seenUpTo" value={seenUpTo} />
            <Button type="submit" variant="secondary" size="small" loading={marking}>
              Mark all as read
            </Button>
          </Form>
        ) : null}
      </div>
      {answer?.error ? (
        <p className="auth-form__error" role="alert">
          {answer.error}
        </p>
      ) : null}
      {items.length === 0 ? (
        <section className="empty-state" aria-labelledby="notifications-empty">
          <h2 id="notifications-empty">{isFirstPage ? "No notifications yet" : "No older notifications"}</h2>
          <p>Purchases, new lessons in classes you own and announcements show up here.</p>
          <ButtonLink to={isFirstPage ? "/classes" : "/notifications"} size="medium">
            {isFirstPage ? "Explore Classes" : "Newest notifications"}
          </ButtonLink>
        </section>
      ) : (
        <ol className="notification-list" aria-label={isFirstPage ? "Newest notifications" : "Older notifications"}>
          {items.map((item) => (
            <NotificationEntry key={item.id} item={item} />
          ))}
        </ol>
      )}
      {items.length > 0 && (!isFirstPage || nextCursor) ? (
        <nav className="notifications-page__pages" aria-label="Notification pages">
          {!isFirstPage ? <Link to="/notifications">Newest notifications</Link> : null}
          {nextCursor ? (
            <Link to={`/notifications?cursor=${encodeURIComponent(nextCursor)}`}>Older notifications</Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
