/**
 * Failures on demand, for tests of what a screen does when the database fails under it. Development
 * and test only: in production the cookie is never read and nothing is wrapped.
 *
 * The cookie `studio_dev_fault` names what fails for the requests that carry it, comma-separated:
 * `d1:<table>` makes every D1 statement that names that table (`d1:users`, `d1:subscriptions`) fail
 * as a D1 error would, when it runs (a batch fails when any of its statements does); every other
 * statement runs as usual. So a test fails one read or write and sees the page around it.
 */
import { parse as parseCookie } from "cookie";
import type { AppContext } from "~/platform/context";
import { createDb } from "~/platform/db.server";
import { isDevelopment } from "~/platform/env";

export const DEV_FAULT_COOKIE = "studio_dev_fault";

const TABLE = /^[a-z_][a-z0-9_]{0,62}$/;

/** The tables whose statements fail, from the cookie's value (anything it does not understand is ignored). */
export function faultyTables(cookieValue: string | undefined): string[] {
  return (cookieValue ?? "")
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry.startsWith("d1:"))
    .map((entry) => entry.slice(3))
    .filter((table) => TABLE.test(table));
}

/** The request's context with its faults on (development and test, with the cookie), else the same context. */
export function withDevFaults(app: AppContext, request: Request): AppContext {
  if (!isDevelopment(app.env)) return app;
  const tables = faultyTables(parseCookie(request.headers.get("Cookie") ?? "")[DEV_FAULT_COOKIE]);
  if (tables.length === 0) return app;
  const names = new RegExp(`\\b(?:${tables.join("|")})\\b`, "i");
  const DB = failingD1(app.bindings.DB, (query) => names.test(query));
  return { ...app, bindings: { ...app.bindings, DB }, db: createDb(DB) };
}

/**
 * A statement's failure, as D1 fails: after a turn, not at once. (A promise rejected before its caller
 * has attached a handler, even for a microtask, is an unhandled rejection to workerd.)
 */
function fault(): Promise<never> {
  const error = new Error(`D1_ERROR: a simulated failure (${DEV_FAULT_COOKIE})`);
  return new Promise((_, reject) => setTimeout(() => reject(error), 0));
}

const RUNS = new Set<PropertyKey>(["first", "all", "run", "raw"]);

/** D1 whose statements fail when `fails` says so of their SQL. */
export function failingD1(d1: D1Database, fails: (query: string) => boolean): D1Database {
  const inner = new WeakMap<object, D1PreparedStatement>();
  const failing = new WeakSet<object>();
  const wrap = (statement: D1PreparedStatement, fail: boolean): D1PreparedStatement => {
    const wrapped = new Proxy(statement, {
      get(target, key) {
        if (key === "bind") return (...values: unknown[]) => wrap(target.bind(...values), fail);
        if (fail && RUNS.has(key)) return fault;
        const value: unknown = Reflect.get(target, key);
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    inner.set(wrapped, statement);
    if (fail) failing.add(wrapped);
    return wrapped;
  };
  return new Proxy(d1, {
    get(target, key) {
      if (key === "prepare") return (query: string) => wrap(target.prepare(query), fails(query));
      if (key === "batch")
        return (statements: D1PreparedStatement[]) =>
          statements.some((statement) => failing.has(statement))
            ? fault()
            : target.batch(statements.map((statement) => inner.get(statement) ?? statement));
      if (key === "exec") return (query: string) => (fails(query) ? fault() : target.exec(query));
      const value: unknown = Reflect.get(target, key);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
