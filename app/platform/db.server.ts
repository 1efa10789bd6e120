import { drizzle } from "drizzle-orm/d1";
import * as schema from "~/db/schema";

/** One drizzle instance per request, as the D1 driver expects. */
export function createDb(d1: D1Database) {
  return drizzle(d1, { schema });
}
export type Db = ReturnType<typeof createDb>;
