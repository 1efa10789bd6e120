/**
 * Reads whose SQL text is built once per worker instance instead of on every request.
 *
 * drizzle builds a query's text anew on every call, walking the whole query tree (and `is()` up
 * every prototype chain). On the signed-in pages that is the worker's largest cost after React's
 * rendering (a CPU profile of `/cart` under load: 4.8 ms of its 22 ms per request, and the shell's
 * 1.1 ms on every page). A shape is built on first use with placeholders where each
 * request's values go; after that a request only binds its values and maps the rows, with drizzle's
 * own row mapping.
 *
 * Shapes are made at module level, so their build has nothing of a request to close over: every
 * value that changes per request must come through `slot`, and anything else in the text (limits,
 * kinds, an empty list) is the same for every request by construction.
 */
import { fillPlaceholders, sql, type Placeholder } from "drizzle-orm";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import { drizzle } from "drizzle-orm/d1";
import type { Db } from "./db.server";

type Values = Record<string, unknown>;

/** The placeholder of one of the shape's values, by name. */
export type Slot<V extends Values> = <K extends keyof V & string>(name: K) => Placeholder<K, V[K]>;

/** What drizzle's own batch reads of a query (its SQL text and params, and how its rows map). */
interface Prepared {
  getQuery(): { sql: string; params: unknown[] };
  mapResult(response: unknown, isFromBatch?: boolean): unknown;
}

interface Built {
  sql: string;
  params: unknown[];
  prepared: Prepared;
}

const slot = (name: string) => sql.placeholder(name);

// What shapes are built on: drizzle prepares a statement as it builds one, and a shape's build must
// not touch a request's D1 session (nor count among its statements).
const builder = drizzle({ prepare: () => ({}) } as unknown as D1Database);

/**
 * A batch of reads of a fixed shape: `build` makes the queries (select builders, as for `db.batch`)
 * with `slot(name)` for each request value; the shape runs them with the values given and answers
 * what `db.batch` of the same queries would. One query goes to D1 as a statement, more as one batch.
 */
export function queryShape<V extends Values, T extends readonly [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]>(
  build: (db: Db, slot: Slot<V>) => T,
): (db: Db, values: V) => Promise<BatchResponse<T>> {
  let built: Built[] | undefined;
  return async (db, values) => {
    built ??= build(builder, slot as Slot<V>).map((query) => {
      const prepared = (query as unknown as { _prepare(): Prepared })._prepare();
      return { ...prepared.getQuery(), prepared };
    });
    const client = db.$client;
    const statements = built.map((query) => client.prepare(query.sql).bind(...fillPlaceholders(query.params, values)));
    const results = statements.length === 1 ? [await statements[0].all()] : await client.batch(statements);
    return built.map((query, i) => query.prepared.mapResult(results[i], true)) as BatchResponse<T>;
  };
}
