// Query shapes (platform/query-shapes.server.ts): SQL text built once, each request's values bound.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "~/db/schema";
import { createDb } from "~/platform/db.server";
import { queryShape, type Slot } from "~/platform/query-shapes.server";
import { countingD1 } from "./app-context";
import { signUp } from "./commerce-helpers";

function countingDb() {
  const { d1, statements } = countingD1();
  return { db: createDb(d1), statements };
}

let builds = 0;
const userAndCount = queryShape((db, slot: Slot<{ id: string; ids: string }>) => {
  builds++;
  return [
    db
      .select({ email: users.email, signedUp: users.signUpDate })
      .from(users)
      .where(eq(users.id, slot("id"))),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(users)
      .where(sql`${users.id} IN (SELECT value FROM json_each(${slot("ids")}))`),
  ];
});

describe("query shapes", () => {
  it("answer each call's own values, with drizzle's row mapping, from SQL built once", async () => {
    const a = await signUp("shape-a");
    const b = await signUp("shape-b");
    const first = countingDb();
    const [[rowA], [countA]] = await userAndCount(first.db, { id: a.userId, ids: JSON.stringify([a.userId]) });
    const second = countingDb();
    const [[rowB], [countB]] = await userAndCount(second.db, {
      id: b.userId,
      ids: JSON.stringify([a.userId, b.userId, "nobody"]),
    });
    expect(rowA.email).toBe(a.email);
    expect(rowB.email).toBe(b.email);
    // Mapped as drizzle maps them: a number column as a number, `mapWith` applied.
    expect(typeof rowB.signedUp).toBe("number");
    expect([countA.n, countB.n]).toEqual([1, 2]);
    expect(builds).toBe(1);
    // Each call prepares its two statements on its own D1 (session), and nothing else.
    expect(first.statements).toHaveLength(2);
    expect(second.statements).toEqual(first.statements);
  });

  it("finds nothing for values that match nothing, and answers a single query as a statement", async () => {
    const one = queryShape((db, slot: Slot<{ id: string }>) => [
      db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, slot("id"))),
    ]);
    const { db, statements } = countingDb();
    expect(await one(db, { id: "no-such-user" })).toEqual([[]]);
    expect(statements).toHaveLength(1);
  });
});
