/**
 * Notification rules (spec 4 "Notification bell": none, notification (yellow dot), universal
 * notification (red dot)): the bell's state, the list's cursor, safe links, and the message a room
 * pushes to the browser. Pure; shared by the server and the browser.
 */
import type { NotificationState } from "~/ui/NotificationBell";

export type NotificationKind = "purchase" | "new_lesson" | "announcement";

/** How many notifications a page of /notifications shows. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/**
 * The bell: red when an announcement to everyone arrived since the user last marked their
 * notifications read (it wins), yellow for one of their own, otherwise plain. Before any
 * 'mark as read' the user's sign-up time counts as seen, so a new account is not greeted by old news.
 */
export function bellState({
  newestPersonalAt,
  newestUniversalAt,
  seenAt,
}: {
  newestPersonalAt: number | null;
  newestUniversalAt: number | null;
  seenAt: number;
}): NotificationState {
  if (newestUniversalAt !== null && newestUniversalAt > seenAt) return "universal";
  if (newestPersonalAt !== null && newestPersonalAt > seenAt) return "notification";
  return "none";
}

/** A live notification arriving lights the bell at once; red is never turned yellow by a later one. */
export function brighterBell(a: NotificationState, b: NotificationState): NotificationState {
  const rank: Record<NotificationState, number> = { none: 0, notification: 1, universal: 2 };
  return rank[a] >= rank[b] ? a : b;
}

/** Keyset cursor of the list: the last row's time and id ("1732200000000.{uuid}"). */
export type NotificationCursor = { createdAt: number; id: string };

export function encodeCursor(cursor: NotificationCursor): string {
  return `${cursor.createdAt}.${cursor.id}`;
}

/** A cursor from the address, or null when it is missing or not one of ours. */
export function parseCursor(raw: string | null): NotificationCursor | null {
  const match = raw ? /^(\d{1,15})\.([0-9a-f-]{36})$/i.exec(raw) : null;
  return match ? { createdAt: Number(match[1]), id: match[2].toLowerCase() } : null;
}

/**
 * A link a notification may carry: a path on this site ("/library") or an http(s) address. Anything
 * else (javascript:, protocol-relative "//host") is refused.
 */
export function isSafeLink(link: string): boolean {
  if (link.startsWith("/")) return !link.startsWith("//") && !link.startsWith("/\\");
  try {
    const url = new URL(link);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

/** What a room pushes when a notification is made (the browser shows it and lights the bell). */
export type LiveNotification = {
  type: "notification";
  kind: NotificationKind;
  universal: boolean;
  title: string;
  body: string;
  link: string | null;
};

export function liveNotificationMessage(n: Omit<LiveNotification, "type">): string {
  return JSON.stringify({ type: "notification", ...n } satisfies LiveNotification);
}

/** A pushed message as a notification, or null for anything else (a pong, a malformed message). */
export function parseLiveNotification(data: unknown): LiveNotification | null {
  if (typeof data !== "string" || !data.startsWith("{")) return null;
  try {
    const value = JSON.parse(data) as Partial<LiveNotification>;
    if (value.type !== "notification" || typeof value.title !== "string" || typeof value.universal !== "boolean")
      return null;
    if (value.kind !== "purchase" && value.kind !== "new_lesson" && value.kind !== "announcement") return null;
    const link = typeof value.link === "string" && isSafeLink(value.link) ? value.link : null;
    return {
      type: "notification",
      kind: value.kind,
      universal: value.universal,
      title: value.title,
      body: typeof value.body === "string" ? value.body : "",
      link,
    };
  } catch {
    return null;
  }
}

/** The purchase notification's text: what was bought, named (at most three titles). */
export function purchaseNotificationText(
  lines: { kind: "class" | "subscription" | "collection" | "app-plan" | "studio-tier"; title: string }[],
): { title: string; body: string } {
  const owned = lines.filter((l) => l.kind === "class" || l.kind === "collection").map((l) => l.title);
  const membership = lines.some((l) => l.kind === "subscription");
  // App plans and studio tiers are titled by what they are ('Half Marathon Coach, annual plan').
  const plans = lines
    .filter((l) => l.kind === "app-plan" || l.kind === "studio-tier")
    .map((l) => `${l.title} is active.`);
  const named =
    owned.length > 3
      ? `${owned.slice(0, 2).join(", ")} and ${owned.length - 2} more`
      : owned.length > 1
        ? `${owned.slice(0, -1).join(", ")} and ${owned.at(-1)}`
        : (owned[0] ?? "");
  const parts = [
    named ? `${named} ${owned.length === 1 ? "is" : "are"} in your library.` : "",
    membership ? "Your membership is active." : "",
    ...plans,
  ].filter(Boolean);
  return { title: "Purchase complete", body: parts.join(" ") };
}
