import { useEffect, useRef } from "react";
import { RealtimeConnection } from "./socket";

type Handlers = { onMessage: (data: unknown) => void; onReopen?: () => void };

/**
 * Listens to a room while the component is mounted. The socket opens once the page is idle (never
 * during the first paint, never on the server) and closes when the room changes or goes away (sign
 * out). Without JavaScript nothing happens: pages read the same state from the server.
 */
export function useRealtime(room: string | null, handlers: Handlers) {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (!room) return;
    const connection = new RealtimeConnection({
      host: window.location.host,
      protocol: window.location.protocol === "https:" ? "wss" : "ws",
      room,
      onMessage: (data) => latest.current.onMessage(data),
      onReopen: () => latest.current.onReopen?.(),
    });
    const cancel = whenIdle(() => connection.connect());
    return () => {
      cancel();
      connection.disconnect();
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
