/**
 * The browser's event batcher: track() queues a message in the standard batched-upload shape; the
 * queue goes to our proxy (POST /api/data) every few seconds, at 20 messages, and when the page is
 * hidden or left (navigator.sendBeacon, which survives the page going away). The server decides who
 * the events belong to from the session and anonymous cookies.
 */
import type { EventName } from "./events";

const ENDPOINT = "/api/data";
const FLUSH_EVERY_MS = 3000;
const FLUSH_AT = 20;
/** The server takes at most 100 messages (and 32 KB) per batch. */
const BATCH_MAX = 50;

type Message = {
  type: "track";
  event: EventName;
  properties: Record<string, unknown>;
  messageId: string;
  timestamp: string;
  anonymousId?: string;
};

const queue: Message[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;
let anonymousId: string | null = null;
let started = false;

const messageId = () =>
  typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

export function setAnonymousId(id: string | null) {
  anonymousId = id;
}

export function track(event: EventName, properties: Record<string, unknown> = {}) {
  if (typeof window === "undefined") return;
  queue.push({
    type: "track",
    event,
    properties,
    messageId: messageId(),
    timestamp: new Date().toISOString(),
    ...(anonymousId ? { anonymousId } : {}),
  });
  if (queue.length >= FLUSH_AT) flush();
  else if (!timer) timer = setTimeout(() => flush(), FLUSH_EVERY_MS);
}

/** Sends what is queued. On the way out (pagehide) sendBeacon; otherwise a keepalive fetch. */
export function flush(leaving = false) {
  if (timer) clearTimeout(timer);
  timer = null;
  while (queue.length > 0) {
    const body = JSON.stringify({ batch: queue.splice(0, BATCH_MAX), sentAt: new Date().toISOString() });
    // A string beacon is sent as text/plain, which the proxy accepts (a JSON Blob is not allowed everywhere).
    if (leaving && typeof navigator.sendBeacon === "function" && navigator.sendBeacon(ENDPOINT, body)) continue;
    fetch(ENDPOINT, {
      method: "POST",
      body,
      headers: { "Content-Type": "application/json" },
      keepalive: true,
      credentials: "same-origin",
    }).catch(() => {
      /* analytics never gets in the visitor's way */
    });
  }
}

/** Once per page: flush when the page is hidden or left. */
export function startBatcher() {
  if (started || typeof window === "undefined") return;
  started = true;
  window.addEventListener("pagehide", () => flush(true));
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flush(true);
  });
}
