/**
 * AnalyticsBuffer: a Durable Object (bound as AnalyticsBuffer, one per shard of
 * features/analytics/buffer.server.ts) that keeps analytics rows in its own SQLite storage and writes
 * them to D1 in batches: after FLUSH_AFTER_MS (an alarm), at once when FLUSH_AT_ROWS are waiting, or
 * when someone asks (flush()). A row leaves the buffer only after D1 has it, so a failed write is
 * tried again by the next alarm; a row written twice (a flush racing the alarm) is stored once, by id.
 */
import { DurableObject } from "cloudflare:workers";
import {
  FLUSH_AFTER_MS,
  FLUSH_AT_ROWS,
  writeEvents,
  type AnalyticsBufferRpc,
  type EventRow,
} from "~/features/analytics/buffer.server";

/** Rows per D1 write (one transaction; writeEvents splits it into statements within D1's limits). */
const BATCH_ROWS = 500;
/** After a failed write, the next try waits this long. */
const RETRY_AFTER_MS = 30_000;

export class AnalyticsBuffer extends DurableObject<Cloudflare.Env> implements AnalyticsBufferRpc {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Cloudflare.Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec("CREATE TABLE IF NOT EXISTS waiting (seq INTEGER PRIMARY KEY AUTOINCREMENT, row TEXT NOT NULL)");
  }

  async add(rows: EventRow[]): Promise<void> {
    for (const row of rows) this.sql.exec("INSERT INTO waiting (row) VALUES (?)", JSON.stringify(row));
    if (this.waiting() >= FLUSH_AT_ROWS) {
      await this.flush();
      return;
    }
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + FLUSH_AFTER_MS);
  }

  async flush(): Promise<number> {
    let written = 0;
    for (;;) {
      const batch = this.sql
        .exec<{ seq: number; row: string }>("SELECT seq, row FROM waiting ORDER BY seq LIMIT ?", BATCH_ROWS)
        .toArray();
      if (batch.length === 0) return written;
      await writeEvents(
        this.env.DB,
        batch.map((b) => JSON.parse(b.row) as EventRow),
      );
      // Rows added while D1 was writing have higher seqs: they stay for the next round.
      this.sql.exec("DELETE FROM waiting WHERE seq <= ?", batch[batch.length - 1].seq);
      written += batch.length;
    }
  }

  async alarm(): Promise<void> {
    try {
      await this.flush();
    } catch (error) {
      console.error("analytics buffer: write failed, trying again later", String(error));
      await this.ctx.storage.setAlarm(Date.now() + RETRY_AFTER_MS);
    }
  }

  private waiting(): number {
    return this.sql.exec<{ n: number }>("SELECT count(*) AS n FROM waiting").one().n;
  }
}
