/**
 * Test users for the fixtures in helpers.ts, made through the app's own Create Account post (not the
 * screens, which auth-flows.spec.ts and sign-in-and-account.spec.ts test) and deleted through the
 * account page's Delete. Not written straight into the e2e server's D1 file: workerd owns that SQLite
 * file, and a page whose write met another process's lock answered a 500 (SQLITE_BUSY).
 */
import { expect, type APIRequestContext } from "@playwright/test";
import { randomBytes } from "node:crypto";

export type NewUserOptions = { email?: string; firstName?: string; lastName?: string; password?: string };
export type TestUser = { email: string; firstName: string; lastName: string; password: string };

/** A new person's details. Short addresses, as people's are: the admin search takes up to 48 characters. */
export function newUser(options: NewUserOptions = {}): TestUser {
  return {
    email: (options.email ?? `user-${Date.now()}-${randomBytes(3).toString("hex")}@example.com`).toLowerCase(),
    firstName: options.firstName ?? "Test",
    lastName: options.lastName ?? "User",
    password: options.password ?? "test user password",
  };
}

/** Makes the account; the request context is then signed in as the new user (the post's session cookie). */
export async function createAccount(request: APIRequestContext, user: TestUser): Promise<void> {
  const response = await request.post("/auth/create-account", {
    form: { email: user.email, firstName: user.firstName, lastName: user.lastName, password: user.password, page: "/" },
    maxRedirects: 0,
  });
  expect(response.status(), `account ${user.email} made`).toBe(303);
}

/** Signs in afresh (the test may have signed out or changed browsers) and deletes the account. */
export async function deleteAccount(request: APIRequestContext, user: TestUser): Promise<void> {
  const signIn = await request.post("/auth/login", {
    form: { email: user.email, password: user.password, page: "/" },
    maxRedirects: 0,
  });
  if (signIn.status() !== 303) return;
  await request.post("/account", { form: { intent: "delete", confirm: "DELETE" }, maxRedirects: 0 });
}
