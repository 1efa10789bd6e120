import { useEffect, useRef } from "react";
import type { RealtimeConnection } from "./socket.client";

type Handlers = { onMessage: (data: unknown) => void; onReopen?: () => void };

/**
 * Listens to a room while the component is mounted. The socket opens once the page is idle (never
 * during the first paint, never on the server) and closes when the room changes or goes away (sign
 * out). Its code (partysocket) is fetched only then, so pages with no room never load it; a `.client`
 * module, it is an empty one in the worker's build. Without JavaScript nothing happens: pages read the
 * same state from the server.
 */
export function useRealtime(room: string | null, handlers: Handlers) {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (!room) return;
    let connection: RealtimeConnection | null = null;
    let gone = false;
    const cancel = whenIdle(() => {
      void import("./socket.client")
        .then(({ RealtimeConnection }) => {
          if (gone) return;
          connection = new RealtimeConnection({
            host: window.location.host,
            protocol: window.location.protocol === "https:" ? "wss" : "ws",
            room,
            onMessage: (data) => latest.current.onMessage(data),
            onReopen: () => latest.current.onReopen?.(),
          });
          connection.connect();
        })
        // Live updates are extra: the page already shows the server's state.
        .catch((error: unknown) => console.warn("realtime: could not load the socket", error));
    });
    return () => {
      gone = true;
      cancel();
      connection?.disconnect();
    };
  }, [room]);
}

/** Runs the task when the browser is idle (or after a moment where requestIdleCallback is missing). */
function whenIdle(task: () => void): () => void {
  if ("requestIdleCallback" in window) {
    const handle = window.requestIdleCallback(task, { timeout: 2_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 200);
  return () => clearTimeout(handle);
}
