/**
 * Write-behind for rows a page produces but need not wait for (analytics rows, first visitors'
 * experiment assignments): they collect in the isolate for `afterMs` and are written together, so a
 * busy page costs one write a second rather than one a request. The request that starts the wait keeps
 * the isolate alive (ctx.waitUntil) until the rows are written; `atCount` rows go at once.
 */
import type { AppContext } from "./context";

export interface WriteBehind<Row> {
  /** Queues rows to be written after the answer. */
  add(app: AppContext, rows: Row[]): void;
  /** Writes what waits now (a reader that must see it). */
  drain(app: AppContext): Promise<void>;
}

export function writeBehind<Row>({
  afterMs,
  atCount,
  write,
}: {
  afterMs: number;
  atCount: number;
  /** Writes a batch; it handles its own failures (a failure here is logged and the rows are lost). */
  write: (app: AppContext, rows: Row[]) => Promise<void>;
}): WriteBehind<Row> {
  let waiting: Row[] = [];
  let timer: Promise<void> | null = null;

  async function drain(app: AppContext): Promise<void> {
    const rows = waiting;
    waiting = [];
    if (rows.length) await write(app, rows).catch((error: unknown) => console.error("write-behind:", error));
  }

  return {
    add(app, rows) {
      if (rows.length === 0) return;
      waiting.push(...rows);
      if (waiting.length >= atCount) {
        app.ctx.waitUntil(drain(app));
        return;
      }
      if (!timer) {
        timer = new Promise<void>((resolve) => setTimeout(resolve, afterMs)).then(() => {
          timer = null;
          return drain(app);
        });
        app.ctx.waitUntil(timer);
      }
    },
    drain,
  };
}
