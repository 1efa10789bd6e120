import { drizzle } from "drizzle-orm/d1";

/**
 * One drizzle instance per request, as the D1 driver expects (each request reads through its own D1
 * session). Without the schema: drizzle turns a schema into its relational-query config on every
 * call, which would cost a sixth of a cached page's CPU; the product queries with select/insert/update only.
 */
export function createDb(d1: D1Database) {
  return drizzle(d1);
}
export type Db = ReturnType<typeof createDb>;
