/**
 * The realtime Durable Objects (bound in wrangler.toml, exported by workers/app.ts).
 *
 * RealtimeRoom: a partyserver room per user (`user-{id}`), joined only by that user's sessions (the
 * worker checks before routing: app/features/realtime/rooms.server.ts). Clients only listen; the
 * server pushes through `POST /push`, which is reachable only from inside the worker. Hibernation
 * keeps idle sockets free of duration charges.
 *
 * RoomDirectory: one object that remembers which user rooms have a socket open, so an announcement
 * reaches everyone online without a shared room holding every socket. Rooms enter on connect and leave
 * when their last socket closes; a room that turns out empty when pushed to is forgotten.
 */
import { DurableObject } from "cloudflare:workers";
import { routePartykitRequest, Server, type Connection, type ConnectionContext, type WSMessage } from "partyserver";
import { currentSessionId, sessionUserOf } from "~/http/session.server";
import { PRIVATE_HEADER, PUSH_PATH, pushToRoom, roomDirectory, SESSION_HEADER } from "~/features/realtime/rooms.server";
import { CLIENT_PING, mayJoin, SERVER_PONG, SESSION_ENDED } from "~/features/realtime/rules";
import type { AppContext } from "~/platform/context";
import type { Bindings } from "~/platform/env";

type SocketState = { session: string };

export class RealtimeRoom extends Server {
  static options = { hibernate: true };

  private get bindings(): Bindings {
    return this.env;
  }

  onStart() {
    // Keep-alive pings are answered by the runtime itself, without waking a hibernating room.
    this.ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(CLIENT_PING, SERVER_PONG));
  }

  async onConnect(connection: Connection<SocketState>, ctx: ConnectionContext) {
    connection.setState({ session: ctx.request.headers.get(SESSION_HEADER) ?? "" });
    // Every connect re-enters (idempotent), so a directory that lost this room learns it again.
    await roomDirectory(this.bindings)
      .enter(this.name)
      .catch((error: unknown) => console.error("realtime: directory enter failed", error));
  }

  async onClose(connection: Connection) {
    // getConnections yields open sockets only; the closing one may still be among them.
    const others = [...this.getConnections()].filter((c) => c.id !== connection.id);
    if (others.length === 0)
      await roomDirectory(this.bindings)
        .leave(this.name)
        .catch(() => undefined);
  }

  onMessage(connection: Connection, message: WSMessage) {
    // Clients never speak to each other or to other rooms: a ping is answered, anything else dropped.
    if (message === CLIENT_PING) connection.send(SERVER_PONG);
  }

  async onRequest(request: Request): Promise<Response> {
    if (request.method !== "POST" || new URL(request.url).pathname !== PUSH_PATH)
      return new Response("Not found", { status: 404 });
    const message = await request.text();
    let open = [...this.getConnections<SocketState>()];
    if (request.headers.get(PRIVATE_HEADER)) open = await this.withLiveSessions(open);
    for (const connection of open) connection.send(message);
    return Response.json({ delivered: open.length });
  }

  /** Closes the sockets whose session has ended (signed out, revoked, expired); returns the others. */
  private async withLiveSessions(connections: Connection<SocketState>[]): Promise<Connection<SocketState>[]> {
    if (connections.length === 0) return connections;
    const sessions = [...new Set(connections.map((c) => c.state?.session ?? ""))];
    const { results } = await this.bindings.DB.prepare(
      `SELECT id FROM sessions WHERE id IN (SELECT value FROM json_each(?1)) AND expires_at > ?2`,
    )
      .bind(JSON.stringify(sessions), Date.now())
      .all<{ id: string }>();
    const live = new Set(results.map((r) => r.id));
    return connections.filter((connection) => {
      if (live.has(connection.state?.session ?? "")) return true;
      connection.close(SESSION_ENDED, "Session ended");
      return false;
    });
  }
}

/** How many rooms are pushed to at once: keeps a big announcement from opening thousands of calls together. */
const FAN_OUT_CONCURRENCY = 50;

export class RoomDirectory extends DurableObject {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Cloudflare.Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec("CREATE TABLE IF NOT EXISTS rooms (name TEXT PRIMARY KEY, entered_at INTEGER NOT NULL)");
  }

  async enter(room: string): Promise<void> {
    this.sql.exec(
      "INSERT INTO rooms (name, entered_at) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET entered_at = excluded.entered_at",
      room,
      Date.now(),
    );
  }

  async leave(room: string): Promise<void> {
    this.sql.exec("DELETE FROM rooms WHERE name = ?", room);
  }

  /** Pushes to these rooms (only those with someone in them), or to every room; returns sockets reached. */
  async fanOut(message: string, rooms?: string[]): Promise<number> {
    const cursor = rooms
      ? this.sql.exec<{ name: string }>(
          "SELECT name FROM rooms WHERE name IN (SELECT value FROM json_each(?))",
          JSON.stringify(rooms),
        )
      : this.sql.exec<{ name: string }>("SELECT name FROM rooms");
    const targets = cursor.toArray().map((r) => r.name);
    const startedAt = Date.now();
    let delivered = 0;
    for (let i = 0; i < targets.length; i += FAN_OUT_CONCURRENCY) {
      const batch = targets.slice(i, i + FAN_OUT_CONCURRENCY);
      const results = await Promise.allSettled(
        batch.map((room) => pushToRoom(this.env, room, message, { isPrivate: Boolean(rooms) })),
      );
      results.forEach((result, j) => {
        if (result.status === "rejected") return console.error("realtime: push failed", batch[j], result.reason);
        delivered += result.value;
        // Nobody there any more (the room closed without telling us): forget it, unless it re-entered meanwhile.
        if (result.value === 0)
          this.sql.exec("DELETE FROM rooms WHERE name = ? AND entered_at < ?", batch[j], startedAt);
      });
    }
    return delivered;
  }
}

/**
 * Routes /parties/* to the rooms: a socket only for the signed-in user's own room, from our own pages;
 * never plain HTTP (the server pushes through the Durable Object directly, not through this door).
 * Returns null for paths that are not a room, so Remix answers them.
 */
export async function routeRealtimeRequest(app: AppContext, request: Request): Promise<Response | null> {
  return routePartykitRequest(request, app.bindings, {
    onBeforeConnect: async (req, lobby) => {
      // A page on another site could open a socket with this browser's cookies: only our origin may.
      const origin = req.headers.get("Origin");
      if (origin && origin !== new URL(req.url).origin)
        return new Response("Cross-site sockets are not allowed", { status: 403 });
      const user = await sessionUserOf(app, req);
      const session = await currentSessionId(req);
      const decision = mayJoin(lobby.className, lobby.name, user?.id ?? null);
      // A page of ours asking for a user's room without a live session is a tab whose session ended
      // (signed out here or elsewhere, its cookie already cleared or not): it is told so the way an open
      // socket is, closed with SESSION_ENDED, so it stops retrying instead of failing each time.
      if (!decision.ok && decision.status === 401) return sessionEndedSocket();
      if (!decision.ok) return new Response(decision.reason, { status: decision.status });
      // The room remembers which session opened the socket, so a session that ends stops hearing private news.
      const allowed = new Request(req);
      allowed.headers.set(SESSION_HEADER, session ?? "");
      return allowed;
    },
    onBeforeRequest: () => new Response("Rooms speak WebSocket only", { status: 404 }),
  });
}

/** A socket accepted only to be closed at once with SESSION_ENDED: it never reaches a room, so it hears nothing. */
function sessionEndedSocket(): Response {
  const [client, server] = Object.values(new WebSocketPair());
  server.accept();
  server.close(SESSION_ENDED, "Session ended");
  return new Response(null, { status: 101, webSocket: client });
}
