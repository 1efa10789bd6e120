// A read's queries as one round trip (platform/d1-reads.server.ts), against the suite's real D1:
// `.all()` and `batch()` sent in the same turn go as one D1 batch and each caller gets what D1 would
// have answered it alone; other calls go at once; one failing part fails only its own caller.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { batchedReads } from "~/platform/d1-reads.server";

/** The suite's D1, recording each call that reaches it: "batch(n)", or a statement's method. */
function recordingD1() {
  const calls: string[] = [];
  // Each recording statement and the D1 statement under it (D1's batch takes only its own).
  const real = new WeakMap<object, D1PreparedStatement>();
  const statement = (stmt: D1PreparedStatement): D1PreparedStatement => {
    const wrapped = new Proxy(stmt, {
      get(target, key) {
        if (key === "bind") return (...values: unknown[]) => statement(target.bind(...values));
        const value: unknown = Reflect.get(target, key, target);
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          if (["all", "raw", "first", "run"].includes(String(key))) calls.push(String(key));
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    real.set(wrapped, stmt);
    return wrapped;
  };
  const d1 = {
    prepare: (query: string) => statement(env.DB.prepare(query)),
    batch(statements: D1PreparedStatement[]) {
      calls.push(`batch(${statements.length})`);
      return env.DB.batch(statements.map((s) => real.get(s) ?? s));
    },
  } as unknown as D1Database;
  return { d1, calls };
}

const one = "SELECT 1 AS n";
const two = "SELECT ?1 AS word, ?2 AS number";

describe("a read's queries as one round trip", () => {
  it("sends the .all() and batch() calls of one turn as one D1 batch; each caller gets its own answer", async () => {
    const alone = {
      one: await env.DB.prepare(one).all(),
      two: await env.DB.prepare(two).bind("riff", 7).all(),
      batch: await env.DB.batch([env.DB.prepare(one), env.DB.prepare(two).bind("lick", 3)]),
    };
    const { d1, calls } = recordingD1();
    const db = batchedReads(d1);
    const [a, b, c] = await Promise.all([
      db.prepare(one).all(),
      db.prepare(two).bind("riff", 7).all(),
      db.batch([db.prepare(one), db.prepare(two).bind("lick", 3)]),
    ]);
    expect(calls).toEqual(["batch(4)"]);
    expect(a.results).toEqual(alone.one.results);
    expect(b.results).toEqual([{ word: "riff", number: 7 }]);
    expect(b.results).toEqual(alone.two.results);
    expect(c.map((r) => r.results)).toEqual(alone.batch.map((r) => r.results));
  });

  it("sends a turn's only query as it is: one .all() as a statement, one batch as a batch", async () => {
    const { d1, calls } = recordingD1();
    const db = batchedReads(d1);
    expect((await db.prepare(two).bind("chord", 1).all()).results).toEqual([{ word: "chord", number: 1 }]);
    expect(calls).toEqual(["all"]);
    const results = await db.batch([db.prepare(one), db.prepare(one)]);
    expect(results.map((r) => r.results)).toEqual([[{ n: 1 }], [{ n: 1 }]]);
    expect(calls).toEqual(["all", "batch(2)"]);
  });

  it("queries of different turns go apart", async () => {
    const { d1, calls } = recordingD1();
    const db = batchedReads(d1);
    await db.prepare(one).all();
    await db.prepare(one).all();
    expect(calls).toEqual(["all", "all"]);
  });

  it("sends .raw(), .first() and .run() at once, without waiting for the turn", async () => {
    const { d1, calls } = recordingD1();
    const db = batchedReads(d1);
    const pending = db.prepare(one).all();
    expect(await db.prepare(two).bind("scale", 2).raw()).toEqual([["scale", 2]]);
    expect(await db.prepare(one).first("n")).toBe(1);
    expect((await db.prepare(one).run()).success).toBe(true);
    expect(calls).toEqual(["raw", "first", "run"]);
    expect((await pending).results).toEqual([{ n: 1 }]);
    expect(calls).toEqual(["raw", "first", "run", "all"]);
  });

  it("a failing query fails only its own caller: the others get their answers", async () => {
    const { d1, calls } = recordingD1();
    const db = batchedReads(d1);
    const [good, bad, goodBatch] = await Promise.allSettled([
      db.prepare(two).bind("mode", 5).all(),
      db.prepare("SELECT * FROM no_such_table").all(),
      db.batch([db.prepare(one)]),
    ]);
    expect(good).toEqual({
      status: "fulfilled",
      value: expect.objectContaining({ results: [{ word: "mode", number: 5 }] }),
    });
    expect(bad.status).toBe("rejected");
    expect(String((bad as PromiseRejectedResult).reason)).toMatch(/no such table: no_such_table/);
    expect(goodBatch).toEqual({ status: "fulfilled", value: [expect.objectContaining({ results: [{ n: 1 }] })] });
    // The turn's batch first, then each part alone.
    expect(calls[0]).toBe("batch(3)");
    expect(calls.slice(1).sort()).toEqual(["all", "all", "batch(1)"]);
  });
});
