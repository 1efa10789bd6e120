// In a D1 batch drizzle reads each row as an object keyed by column name, so two selected columns of
// one name come back as one and every later field shifts (the library once showed a class's title as
// its saved lesson's). Every query the pages send in a batch selects each name once.
import { Column, SQL, is, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { cartPageQueries } from "~/features/cart/cart.server";
import { recommendationQueries } from "~/features/cart/recommendations.server";
import { sellableQueries } from "~/features/cart/sellables.server";
import { libraryQueries } from "~/features/learning/library.server";
import { ownedQueries } from "~/features/purchases/purchases.server";
import { shellQuery } from "~/features/shell/shell.server";
import { savedSparkRows } from "~/features/sparks/sparks.server";
import type { AppContext } from "~/platform/context";

const db = drizzle({} as D1Database);
const app = { db, now: 0 } as unknown as AppContext;
const dialect = new SQLiteAsyncDialect();

/** The names SQLite gives the selected columns: a column's own name, an alias, or an expression's text. */
function columnNames(fields: Record<string, unknown>, out: string[] = []): string[] {
  for (const field of Object.values(fields)) {
    if (is(field, Column)) out.push(field.name);
    else if (is(field, SQL.Aliased)) out.push(field.fieldAlias);
    else if (is(field, SQL)) out.push(dialect.sqlToQuery(field).sql);
    else if (field && typeof field === "object") columnNames(field as Record<string, unknown>, out);
  }
  return out;
}

const selectedFields = (query: unknown) =>
  (query as { _: { selectedFields: Record<string, unknown> } })._.selectedFields;

const batches = {
  library: libraryQueries(app.db, "user"),
  "saved previews": [savedSparkRows(app.db, "user")],
  cart: cartPageQueries(app.db, { ownerId: "owner", userId: "user" }),
  sellables: sellableQueries(db, sql`SELECT 1`),
  // Query shapes map a single query's rows the same way (platform/query-shapes.server.ts).
  shell: [shellQuery(db, "session", 0)],
  owned: ownedQueries(db, sql`'user'`, sql`'[]'`),
  recommendations: recommendationQueries(db, { productIds: ["a"], userId: "user" }),
};

describe("queries sent in a D1 batch", () => {
  for (const [name, queries] of Object.entries(batches))
    it(`${name}: each selects every column name once`, () => {
      for (const query of queries) {
        const names = columnNames(selectedFields(query));
        expect(names.length).toBeGreaterThan(0);
        expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
      }
    });
});
