import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  KEEP_ALIVE_MS,
  mayJoin,
  RECONNECTION,
  SESSION_ENDED,
  ROOMS_BINDING as ROOMS,
  reconnectionDelay,
  roomOwner,
  userRoom,
} from "~/features/realtime/rules";
import { RealtimeConnection } from "~/features/realtime/socket.client";

const ME = "d0000000-0000-4000-8000-000000000001";
const OTHER = "d0000000-0000-4000-8000-000000000002";

describe("rooms", () => {
  it("names a user's private room and reads its owner back", () => {
    expect(userRoom(ME)).toBe(`user-${ME}`);
    expect(roomOwner(userRoom(ME))).toBe(ME);
    expect(roomOwner(`user-${ME.toUpperCase()}`)).toBe(ME);
    for (const room of ["everyone", "user-", "user-123", `user-${ME}-x`, `x-user-${ME}`, ""])
      expect(roomOwner(room)).toBeNull();
  });

  it("lets only the signed-in owner join their room", () => {
    expect(mayJoin(ROOMS, userRoom(ME), ME)).toEqual({ ok: true });
    expect(mayJoin(ROOMS, userRoom(ME), OTHER)).toMatchObject({ ok: false, status: 403 });
    expect(mayJoin(ROOMS, userRoom(ME), null)).toMatchObject({ ok: false, status: 401 });
  });

  it("refuses unknown parties and rooms (other Durable Objects are not reachable)", () => {
    expect(mayJoin("RoomDirectory", "directory", ME)).toMatchObject({ ok: false, status: 404 });
    expect(mayJoin(ROOMS, "everyone", ME)).toMatchObject({ ok: false, status: 404 });
    expect(mayJoin(ROOMS, "directory", null)).toMatchObject({ ok: false, status: 404 });
  });
});

describe("reconnection delay (spec 9: 1000–5000 ms, randomization 0.5)", () => {
  it("connects the first time at once", () => {
    expect(reconnectionDelay(0, 0.99)).toBe(0);
  });

  it("starts at 1000 ms and doubles up to 5000 ms without jitter (random 0.5)", () => {
    expect([1, 2, 3, 4, 5, 10].map((n) => reconnectionDelay(n, 0.5))).toEqual([1000, 2000, 4000, 5000, 5000, 5000]);
  });

  it("spreads each delay by ±50% and never waits longer than 5000 ms", () => {
    expect(reconnectionDelay(1, 0)).toBe(500);
    expect(reconnectionDelay(1, 0.999999)).toBe(1500);
    expect(reconnectionDelay(2, 0)).toBe(1000);
    expect(reconnectionDelay(6, 0)).toBe(2500);
    for (let attempt = 1; attempt < 30; attempt++) {
      for (const r of [0, 0.1, 0.5, 0.9, 0.999]) {
        const delay = reconnectionDelay(attempt, r);
        expect(delay).toBeLessThanOrEqual(RECONNECTION.maxReconnectionDelay);
        expect(delay).toBeGreaterThanOrEqual(RECONNECTION.minReconnectionDelay * (1 - RECONNECTION.randomization));
      }
    }
  });

  it("uses the spec's timeout", () => {
    expect(RECONNECTION.connectionTimeout).toBe(20_000);
  });
});

/** A stand-in WebSocket that records every instance and opens when told. */
class FakeSocket extends EventTarget {
  static instances: FakeSocket[] = [];
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;
  readyState = 0;
  binaryType = "blob";
  sent: unknown[] = [];
  constructor(readonly url: string) {
    super();
    FakeSocket.instances.push(this);
  }
  send(data: unknown) {
    this.sent.push(data);
  }
  close(code = 1000) {
    this.readyState = 3;
    this.dispatchEvent(Object.assign(new Event("close"), { code, reason: "", wasClean: true }));
  }
  open() {
    this.readyState = 1;
    this.dispatchEvent(new Event("open"));
  }
  receive(data: string) {
    this.dispatchEvent(Object.assign(new Event("message"), { data }));
  }
}

describe("the realtime connection", () => {
  beforeEach(() => {
    FakeSocket.instances = [];
  });
  afterEach(() => vi.useRealTimers());

  const connection = (onMessage = vi.fn(), onReopen = vi.fn()) =>
    new RealtimeConnection({
      host: "127.0.0.1:8787",
      room: userRoom(ME),
      protocol: "ws",
      onMessage,
      onReopen,
      WebSocket: FakeSocket,
    });

  const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

  it("is lazy: no socket until it is needed", async () => {
    const live = connection();
    await settle();
    expect(live.socket).toBeNull();
    expect(FakeSocket.instances).toHaveLength(0);
  });

  it("connects to the user's room on /parties/rooms, and hands messages over", async () => {
    const onMessage = vi.fn();
    const live = connection(onMessage);
    live.connect();
    await settle();
    expect(FakeSocket.instances).toHaveLength(1);
    expect(FakeSocket.instances[0].url).toMatch(
      new RegExp(`^ws://127\\.0\\.0\\.1:8787/parties/rooms/user-${ME}\\?_pk=`),
    );
    FakeSocket.instances[0].open();
    FakeSocket.instances[0].receive('{"type":"notification"}');
    expect(onMessage).toHaveBeenCalledWith('{"type":"notification"}');
    live.connect();
    await settle();
    expect(FakeSocket.instances).toHaveLength(1);
    live.disconnect();
  });

  it("connects before sending, and sends once open (then its own ping)", async () => {
    const live = connection();
    live.send("hello");
    await settle();
    expect(FakeSocket.instances).toHaveLength(1);
    const socket = FakeSocket.instances[0];
    expect(socket.sent).toEqual([]);
    socket.open();
    expect(socket.sent).toEqual(["hello", "ping"]);
    live.send("again");
    expect(socket.sent).toEqual(["hello", "ping", "again"]);
    live.disconnect();
  });

  it("pings every 45 s while open, and stops when disconnected", async () => {
    vi.useFakeTimers();
    const live = connection();
    live.connect();
    await vi.advanceTimersByTimeAsync(1);
    const socket = FakeSocket.instances[0];
    socket.open();
    expect(socket.sent).toEqual(["ping"]);
    await vi.advanceTimersByTimeAsync(KEEP_ALIVE_MS * 2);
    expect(socket.sent).toEqual(["ping", "ping", "ping"]);
    live.disconnect();
    await vi.advanceTimersByTimeAsync(KEEP_ALIVE_MS * 2);
    expect(socket.sent).toHaveLength(3);
  });

  it("disconnect closes and clears the socket; the next use starts a new one", async () => {
    const live = connection();
    live.connect();
    await settle();
    FakeSocket.instances[0].open();
    live.disconnect();
    expect(live.socket).toBeNull();
    expect(FakeSocket.instances[0].readyState).toBe(3);
    await settle();
    expect(FakeSocket.instances).toHaveLength(1);
    live.send("hello");
    await settle();
    expect(FakeSocket.instances).toHaveLength(2);
    live.disconnect();
  });

  it("reconnects after a drop with the jittered delay, and reports the reopen", async () => {
    vi.useFakeTimers();
    const random = vi.spyOn(Math, "random").mockReturnValue(0.5);
    const onReopen = vi.fn();
    const live = connection(vi.fn(), onReopen);
    live.connect();
    await vi.advanceTimersByTimeAsync(1);
    FakeSocket.instances[0].open();
    expect(onReopen).not.toHaveBeenCalled();
    // The server goes away before the connection counted as stable: retry 1 waits 1000 ms (random 0.5: no spread).
    FakeSocket.instances[0].close();
    await vi.advanceTimersByTimeAsync(999);
    expect(FakeSocket.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2);
    expect(FakeSocket.instances).toHaveLength(2);
    FakeSocket.instances[1].open();
    expect(onReopen).toHaveBeenCalledTimes(1);
    live.disconnect();
    random.mockRestore();
  });

  it("stops for good when the room says the session ended", async () => {
    vi.useFakeTimers();
    const live = connection();
    live.connect();
    await vi.advanceTimersByTimeAsync(1);
    FakeSocket.instances[0].open();
    FakeSocket.instances[0].close(SESSION_ENDED);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
    live.disconnect();
  });

  it("gives up a connection attempt after 20 s and tries again", async () => {
    vi.useFakeTimers();
    const live = connection();
    live.connect();
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(19_990);
    expect(FakeSocket.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(10 + 1_500);
    expect(FakeSocket.instances).toHaveLength(2);
    live.disconnect();
  });
});
