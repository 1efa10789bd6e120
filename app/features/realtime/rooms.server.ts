/**
 * The server side of realtime: pushing a message to a user, to a list of users, or to everyone online. Rooms are partyserver Durable
 * Objects in this same worker (workers/rooms.ts).
 *
 * Announcements to everyone are fanned out by the room directory (one Durable Object that knows which
 * user rooms have a socket open) rather than by a shared 'everyone' room: a tab keeps one socket, to
 * a room only its user can join, and no single object has to hold every open socket.
 */
import { getServerByName } from "partyserver";
import type { AppContext } from "~/platform/context";
import type { Bindings } from "~/platform/env";
import { userRoom } from "./rules";

/** The directory's RPC methods (workers/rooms.ts RoomDirectory). */
export interface RoomDirectoryRpc {
  enter(room: string): Promise<void>;
  leave(room: string): Promise<void>;
  /** Pushes the message to these rooms (or every room with someone in it); returns how many got it. */
  fanOut(message: string, rooms?: string[]): Promise<number>;
}

const DIRECTORY = "directory";
/** Set by the worker on an allowed socket (never taken from the browser): the session that opened it. */
export const SESSION_HEADER = "x-studio-session";
/** On a push: the message is the user's own, so only sockets whose session still exists may get it. */
/**
 * Where the server posts a push to a room's Durable Object. A stub's fetch wants an absolute URL,
 * but nothing resolves its host: the request goes straight to the object, whose onRequest reads
 * only the path (workers/rooms.ts). /parties/* never routes plain HTTP here (onBeforeRequest: 404).
 */
export const PUSH_PATH = "/push";
const PUSH_URL = `https://room${PUSH_PATH}`;
export const PRIVATE_HEADER = "x-studio-private";

/**
 * Sends one message to everyone in a room; returns how many sockets it reached. A private message
 * (the user's own notification) first checks that each socket's session still exists.
 */
export async function pushToRoom(
  bindings: Bindings,
  room: string,
  message: string,
  { isPrivate }: { isPrivate: boolean },
): Promise<number> {
  const stub = await getServerByName(bindings.Rooms, room);
  const headers = isPrivate ? { [PRIVATE_HEADER]: "1" } : undefined;
  const response = await stub.fetch(new Request(PUSH_URL, { method: "POST", body: message, headers }));
  if (!response.ok) throw new Error(`room ${room} answered ${response.status}`);
  const { delivered } = (await response.json()) as { delivered: number };
  return delivered;
}

export function roomDirectory(bindings: Bindings): RoomDirectoryRpc {
  const directory: RoomDirectoryRpc = bindings.RoomDirectory.get(bindings.RoomDirectory.idFromName(DIRECTORY));
  return directory;
}

/**
 * Pushes after the response (ctx.waitUntil): a request never waits for, or fails because of, realtime.
 * A lost push costs only liveness: the bell reads D1 on the next page.
 */
function afterResponse(app: AppContext, what: string, push: () => Promise<unknown>) {
  app.ctx.waitUntil(push().catch((error: unknown) => console.error(`realtime: ${what} failed`, error)));
}

export function pushToUser(app: AppContext, userId: string, message: string) {
  afterResponse(app, "push to a user", () => pushToRoom(app.bindings, userRoom(userId), message, { isPrivate: true }));
}

export function pushToUsers(app: AppContext, userIds: string[], message: string) {
  if (userIds.length === 0) return;
  afterResponse(app, "push to users", () => roomDirectory(app.bindings).fanOut(message, userIds.map(userRoom)));
}

export function pushToEveryone(app: AppContext, message: string) {
  afterResponse(app, "push to everyone", () => roomDirectory(app.bindings).fanOut(message));
}
