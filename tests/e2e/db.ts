/**
 * The e2e server's own database, reached directly: tests/tools/e2e-server.mjs runs `wrangler dev` with
 * its local D1 in tests/.state/e2e, a SQLite file in WAL mode, so the sqlite3 command can read and
 * write it while the server runs (each statement is seen by the server's next query). The fixtures in
 * helpers.ts make users and sessions here instead of going through the sign-up screens.
 */
import { execFileSync } from "node:child_process";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sqlValue } from "../tools/catalogue-sql.mjs";
import { hashPassword } from "../tools/demo-accounts.mjs";

/** The folder e2e-server.mjs gives wrangler as --persist-to. */
const STATE = fileURLToPath(new URL("../.state/e2e", import.meta.url));
const D1_DIR = join(STATE, "v3/d1/miniflare-D1DatabaseObject");

/** The one D1 database file (miniflare names it by a hash; metadata.sqlite is its own bookkeeping). */
function databaseFile(): string {
  const files = readdirSync(D1_DIR).filter((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  if (files.length !== 1) throw new Error(`expected one D1 database in ${D1_DIR}, found ${files.join(", ") || "none"}`);
  return join(D1_DIR, files[0]);
}

/** Runs statements in one transaction (foreign keys on, as D1 has them); returns the rows of its one SELECT, if any. */
export function sql<Row = Record<string, unknown>>(statements: string[]): Row[] {
  const script = ["PRAGMA foreign_keys = ON;", "BEGIN;", ...statements.map((s) => `${s};`), "COMMIT;"].join("\n");
  let out: string;
  try {
    out = execFileSync("sqlite3", ["-json", "-cmd", ".timeout 5000", databaseFile()], {
      input: script,
      encoding: "utf8",
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT")
      throw new Error("the e2e fixtures need the sqlite3 command (Debian: apt-get install sqlite3)");
    throw error;
  }
  return out.trim() ? (JSON.parse(out) as Row[]) : [];
}

/** PBKDF2 costs tens of milliseconds, so each password is hashed once per worker (the salt is then shared: test data). */
const hashes = new Map<string, string>();
const hashOf = (password: string) =>
  hashes.get(password) ?? hashes.set(password, hashPassword(password)).get(password)!;

const sha256Hex = (text: string) => createHash("sha256").update(text).digest("hex");

export type NewUserOptions = { email?: string; firstName?: string; lastName?: string; password?: string };
export type TestUser = {
  id: string;
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  password: string;
};

/**
 * A user with a password, as the Create Account form makes one (features/identity/accounts.server.ts);
 * the password is hashed as the seed hashes the demo accounts' (PBKDF2-SHA256, as password.server.ts).
 */
export function insertUser(options: NewUserOptions = {}): TestUser {
  const id = randomUUID();
  const user: TestUser = {
    id,
    // Short, as a person's address is: the admin search refuses a query over 48 characters (D1's LIKE limit).
    email: (options.email ?? `user-${Date.now()}-${randomBytes(3).toString("hex")}@example.com`).toLowerCase(),
    username: randomUUID(),
    firstName: options.firstName ?? "Test",
    lastName: options.lastName ?? "User",
    password: options.password ?? "test user password",
  };
  const now = Date.now();
  sql([
    `INSERT INTO users (id, email, username, first_name, last_name, sign_up_date) VALUES (${[
      user.id,
      user.email,
      user.username,
      user.firstName,
      user.lastName,
      now,
    ]
      .map(sqlValue)
      .join(", ")})`,
    `INSERT INTO password_credentials (user_id, hash, updated_at) VALUES (${[id, hashOf(user.password), now]
      .map(sqlValue)
      .join(", ")})`,
  ]);
  return user;
}

const SESSION_DAYS = 30;

/**
 * A session for the user, as features/identity/sessions.server.ts starts one: a random 128-bit hex
 * token, stored as its SHA-256. Returns the studio_session cookie's value, written as Remix's
 * createCookie writes a cookie without secrets (the token as JSON, base64, URI-encoded).
 */
export function insertSession(userId: string): { value: string; expires: number } {
  const token = randomBytes(16).toString("hex");
  const now = Date.now();
  const expiresAt = now + SESSION_DAYS * 86_400_000;
  sql([
    `INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES (${[sha256Hex(token), userId, now, expiresAt]
      .map(sqlValue)
      .join(", ")})`,
  ]);
  return {
    value: encodeURIComponent(Buffer.from(JSON.stringify(token)).toString("base64")),
    expires: expiresAt / 1000,
  };
}

/** Deletes users and, through the schema's ON DELETE CASCADE, everything they own. */
export function deleteUsers(ids: string[]): void {
  if (ids.length) sql([`DELETE FROM users WHERE id IN (${ids.map(sqlValue).join(", ")})`]);
}
