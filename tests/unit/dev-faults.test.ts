// The tests' fault switch (app/http/dev-faults.server.ts): which statements fail, and only where it is on.
import { describe, expect, it } from "vitest";
import { failingD1, faultyTables, withDevFaults } from "~/http/dev-faults.server";
import type { AppContext } from "~/platform/context";

describe("the tests' fault cookie", () => {
  it("names tables; anything else is ignored", () => {
    expect(faultyTables("d1:users, D1:Subscriptions,x:y,d1:bad-name,d1:")).toEqual(["users", "subscriptions"]);
    expect(faultyTables(undefined)).toEqual([]);
  });

  function fakeD1() {
    const ran: string[] = [];
    const statement = (query: string) => ({
      query,
      bind: () => statement(query),
      all: async () => (ran.push(query), { results: [] }),
      first: async () => (ran.push(query), null),
      run: async () => (ran.push(query), { success: true }),
      raw: async () => (ran.push(query), []),
    });
    const d1 = {
      prepare: (query: string) => statement(query),
      batch: async (statements: { query: string }[]) => statements.map((s) => (ran.push(s.query), { results: [] })),
    };
    return { d1: d1 as unknown as D1Database, ran };
  }

  it("fails the statements that name a failing table, when they run, and batches holding one", async () => {
    const { d1, ran } = fakeD1();
    const db = failingD1(d1, (query) => /\busers\b/.test(query));
    await expect(db.prepare('select * from "users" where id = ?').bind("u1").first()).rejects.toThrow(/D1_ERROR/);
    await expect(db.prepare("select * from app_users").all()).resolves.toEqual({ results: [] });
    await expect(db.batch([db.prepare("select 1"), db.prepare("delete from users")])).rejects.toThrow(/D1_ERROR/);
    await expect(db.batch([db.prepare("select 1"), db.prepare("select 2")])).resolves.toHaveLength(2);
    expect(ran).toEqual(["select * from app_users", "select 1", "select 2"]);
  });

  it("is off outside development and test, and without the cookie", () => {
    const { d1 } = fakeD1();
    const request = (cookie?: string) =>
      new Request("http://localhost/", cookie ? { headers: { Cookie: cookie } } : {});
    const app = (ENVIRONMENT: string) =>
      ({ env: { ENVIRONMENT }, bindings: { DB: d1 }, db: {} }) as unknown as AppContext;
    const production = app("production");
    expect(withDevFaults(production, request("studio_dev_fault=d1:users"))).toBe(production);
    const test = app("test");
    expect(withDevFaults(test, request())).toBe(test);
    expect(withDevFaults(test, request("studio_dev_fault=d1:users")).bindings.DB).not.toBe(d1);
  });
});
