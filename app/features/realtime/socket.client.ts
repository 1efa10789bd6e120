/**
 * The browser's realtime connection (spec 4: "connects lazily; sending a message connects first if
 * needed; disconnect clears the socket"; spec 9: reconnection delay 1000–5000 ms, randomization 0.5,
 * connection timeout 20000 ms). A thin wrapper over partysocket, which reconnects on its own.
 */
import PartySocket from "partysocket";
import { CLIENT_PING, KEEP_ALIVE_MS, PARTY, RECONNECTION, reconnectionDelay, SESSION_ENDED } from "./rules";

export type RealtimeOptions = {
  /** window.location.host: the rooms live in this same worker. */
  host: string;
  room: string;
  /** "wss" on an https page. */
  protocol?: "ws" | "wss";
  onMessage: (data: unknown) => void;
  /** Called on every open after the first: what was pushed while the socket was down was missed. */
  onReopen?: () => void;
  /** A WebSocket class other than the browser's (tests). */
  WebSocket?: unknown;
};

export class RealtimeConnection {
  #socket: PartySocket | null = null;
  #opened = false;
  #keepAlive: ReturnType<typeof setInterval> | undefined;
  readonly #options: RealtimeOptions;

  constructor(options: RealtimeOptions) {
    this.#options = options;
  }

  /** The socket while connected or connecting; null before the first use and after disconnect(). */
  get socket(): PartySocket | null {
    return this.#socket;
  }

  /** Opens the socket if it is not open or opening; nothing happens before the first call. */
  connect(): PartySocket {
    if (this.#socket) return this.#socket;
    const { host, room, protocol, WebSocket } = this.#options;
    const socket = new PartySocket({
      host,
      party: PARTY,
      room,
      protocol,
      // Lazy: created closed, opened just below (and only when someone asks).
      startClosed: true,
      minReconnectionDelay: RECONNECTION.minReconnectionDelay,
      maxReconnectionDelay: RECONNECTION.maxReconnectionDelay,
      reconnectionDelayGrowFactor: RECONNECTION.reconnectionDelayGrowFactor,
      connectionTimeout: RECONNECTION.connectionTimeout,
      // Pings sent while the socket is down need not pile up.
      maxEnqueuedMessages: 10,
      // The room closed it because its session ended (signed out elsewhere): trying again cannot help.
      shouldReconnectOnClose: (event) => event.code !== SESSION_ENDED,
      ...(WebSocket ? { WebSocket } : {}),
    });
    // partysocket has no randomization option: its delay method is replaced by the spec's jittered one.
    Reflect.set(socket, "_getNextDelay", () => reconnectionDelay(socket.retryCount, Math.random()));
    socket.addEventListener("message", (event) => this.#options.onMessage(event.data));
    socket.addEventListener("open", () => {
      if (this.#opened) this.#options.onReopen?.();
      this.#opened = true;
      // A ping at once (its pong says the room is listening), then now and then so the socket stays up.
      this.send(CLIENT_PING);
      clearInterval(this.#keepAlive);
      this.#keepAlive = setInterval(() => socket.readyState === socket.OPEN && this.send(CLIENT_PING), KEEP_ALIVE_MS);
    });
    socket.addEventListener("close", () => clearInterval(this.#keepAlive));
    this.#socket = socket;
    socket.reconnect();
    return socket;
  }

  /** Sends, connecting first when needed (partysocket queues the message until the socket opens). */
  send(data: string) {
    this.connect().send(data);
  }

  /** Closes the socket and forgets it: the next send() or connect() starts a new one. */
  disconnect() {
    clearInterval(this.#keepAlive);
    this.#socket?.close();
    this.#socket = null;
    this.#opened = false;
  }
}
