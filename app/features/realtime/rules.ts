/**
 * Realtime rules (spec 4 "Realtime connection", 7 "Realtime", 9 "Socket reconnection"): which rooms
 * exist, who may join them, and how the client waits between reconnection attempts. Pure: shared by
 * the worker (joining) and the browser (the socket's options).
 */
import { UUID_PATTERN } from "~/platform/format";

/** The Durable Object binding of the rooms (wrangler.toml), and the party partyserver names after it: /parties/rooms/{room}. */
export const ROOMS_BINDING = "Rooms";
export const PARTY = "rooms";

/** Each signed-in user has one private room; every tab of theirs joins it. */
export function userRoom(userId: string): string {
  return `user-${userId}`;
}

/** The user a room belongs to, or null when the name is not a user room. */
export function roomOwner(room: string): string | null {
  if (!room.startsWith("user-")) return null;
  const id = room.slice("user-".length);
  return UUID_PATTERN.test(id) ? id.toLowerCase() : null;
}

/**
 * A background job's room (`plan-{jobId}` for a personalized plan, `job-{jobId}` for the builder's
 * jobs): its progress, pushed by the job runner. The job id is an unguessable UUID that only the
 * pages of whoever started it know, so anyone holding it may listen (anonymous visitors too); like
 * every room, listen only. Null when the name is not a job room.
 */
export function jobRoomId(room: string): string | null {
  const prefix = ["plan-", "job-"].find((p) => room.startsWith(p));
  if (!prefix) return null;
  const id = room.slice(prefix.length);
  return UUID_PATTERN.test(id) ? id.toLowerCase() : null;
}

export type JoinDecision = { ok: true } | { ok: false; status: 401 | 403 | 404; reason: string };

/**
 * Whether this signed-in user (or visitor, null) may open a socket to the room of this binding: a
 * user's own room, and only with a live session; or a job's room, by whoever knows its id. Other bindings and unknown rooms are 404, so no
 * other Durable Object is reachable through /parties.
 */
export function mayJoin(binding: string, room: string, userId: string | null): JoinDecision {
  if (binding !== ROOMS_BINDING) return { ok: false, status: 404, reason: "No such room" };
  if (jobRoomId(room)) return { ok: true };
  const owner = roomOwner(room);
  if (!owner) return { ok: false, status: 404, reason: "No such room" };
  if (!userId) return { ok: false, status: 401, reason: "Log in to join this room" };
  if (owner !== userId.toLowerCase()) return { ok: false, status: 403, reason: "This room is not yours" };
  return { ok: true };
}

/** The socket's timing (spec 9): delay 1000–5000 ms, randomization 0.5, connection timeout 20000 ms. */
export const RECONNECTION = {
  minReconnectionDelay: 1_000,
  maxReconnectionDelay: 5_000,
  /** Each failed attempt doubles the wait, up to the maximum. */
  reconnectionDelayGrowFactor: 2,
  randomization: 0.5,
  connectionTimeout: 20_000,
} as const;

/**
 * How long to wait before connection attempt `attempt` (0 is the first connection: no wait). The
 * delay grows from the minimum by the grow factor, is spread by ±randomization (so a server restart
 * does not bring every client back in the same millisecond), and never exceeds the maximum.
 * partysocket has no randomization option, so the socket uses this in place of its own delay.
 * `random` is in [0, 1).
 */
export function reconnectionDelay(attempt: number, random: number, timing = RECONNECTION): number {
  if (attempt <= 0) return 0;
  const base = Math.min(
    timing.minReconnectionDelay * timing.reconnectionDelayGrowFactor ** (attempt - 1),
    timing.maxReconnectionDelay,
  );
  const spread = base * timing.randomization * (2 * random - 1);
  return Math.round(Math.min(base + spread, timing.maxReconnectionDelay));
}

/** What a client may send: only a keep-alive ping (answered with "pong"). Everything else is ignored. */
export const CLIENT_PING = "ping";
export const SERVER_PONG = "pong";
/**
 * The close code a room uses when the session that opened a socket has ended (sign-out, password
 * change, "sign out everywhere"): the client stops reconnecting.
 */
export const SESSION_ENDED = 4001;

/** An open socket pings this often: proxies close WebSockets that stay silent (Cloudflare's after 100 s). */
export const KEEP_ALIVE_MS = 45_000;
