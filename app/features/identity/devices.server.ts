/**
 * Devices: the browsers a user signs in from (Cognito's "remembered devices"). The browser holds a
 * random token in the studio_device cookie (app/http/session.server.ts); the row stores its hash.
 * Sessions belong to a device, so forgetting a device signs it out; a remembered device skips the
 * authenticator step.
 */
import { and, desc, eq } from "drizzle-orm";
import { devices, type UserRow } from "~/db/schema";
import type { AppContext } from "~/platform/context";
import { randomHex, sha256Hex } from "~/platform/crypto.server";
import { loadOnce } from "~/platform/load-once";

// The user-agent parser is a module of its own beside the worker (workers/lazy-modules.mjs): only a sign-in needs it.
const bowser = loadOnce(async () => (await import("bowser")).default);

/** A device token as the browser must hold it (128 random bits, hex), or null. */
const wellFormed = (token: string | null | undefined) =>
  typeof token === "string" && /^[0-9a-f]{32}$/.test(token) ? token : null;

/** "Chrome on Linux", "Safari on iOS"; a generic name when the browser does not say. */
async function deviceName(userAgent: string | null): Promise<string> {
  const parsed = (await bowser()).parse(userAgent || " ");
  const browser = parsed.browser.name || "A browser";
  return parsed.os.name ? `${browser} on ${parsed.os.name}` : browser;
}

/** The browser's device for this user: found by its token or made now (`newToken` is then the token to keep). */
export async function deviceFor(
  app: AppContext,
  browser: { token: string | null; userAgent: string | null },
  user: Pick<UserRow, "id">,
): Promise<{ id: string; remembered: boolean; newToken: string | null }> {
  const existing = wellFormed(browser.token);
  const token = existing ?? randomHex(16);
  const tokenHash = await sha256Hex(token);
  const [row] = await app.db
    .insert(devices)
    .values({
      id: crypto.randomUUID(),
      userId: user.id,
      tokenHash,
      name: await deviceName(browser.userAgent),
      createdAt: app.now,
      lastSeenAt: app.now,
    })
    .onConflictDoUpdate({ target: [devices.tokenHash, devices.userId], set: { lastSeenAt: app.now } })
    .returning({ id: devices.id, remembered: devices.remembered });
  return { ...row, newToken: existing ? null : token };
}

/** Whether the browser holding this device token is a remembered device of the user (read-only: nothing is made). */
export async function isRememberedDevice(
  app: AppContext,
  deviceToken: string | null,
  userId: string,
): Promise<boolean> {
  const token = wellFormed(deviceToken);
  if (!token) return false;
  const row = await app.db
    .select({ remembered: devices.remembered })
    .from(devices)
    .where(and(eq(devices.tokenHash, await sha256Hex(token)), eq(devices.userId, userId)))
    .get();
  return Boolean(row?.remembered);
}

/** The user's device the browser holding this device token is, or null. */
export async function deviceIdOf(app: AppContext, deviceToken: string | null, userId: string): Promise<string | null> {
  const token = wellFormed(deviceToken);
  if (!token) return null;
  const row = await app.db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.tokenHash, await sha256Hex(token)), eq(devices.userId, userId)))
    .get();
  return row?.id ?? null;
}

export function listDevices(app: AppContext, userId: string) {
  return app.db
    .select({
      id: devices.id,
      name: devices.name,
      remembered: devices.remembered,
      createdAt: devices.createdAt,
      lastSeenAt: devices.lastSeenAt,
    })
    .from(devices)
    .where(eq(devices.userId, userId))
    .orderBy(desc(devices.lastSeenAt))
    .all();
}

export async function setDeviceRemembered(
  app: AppContext,
  userId: string,
  deviceId: string,
  remembered: boolean,
): Promise<boolean> {
  const result = await app.db
    .update(devices)
    .set({ remembered })
    .where(and(eq(devices.id, deviceId), eq(devices.userId, userId)))
    .run();
  return result.meta.changes === 1;
}

/** Forgets one of the user's devices: it is no longer remembered and its sessions end (cascade). */
export async function forgetDevice(app: AppContext, userId: string, deviceId: string): Promise<boolean> {
  // returning() rather than meta.changes: D1 counts the sessions the cascade removes as changes too.
  const removed = await app.db
    .delete(devices)
    .where(and(eq(devices.id, deviceId), eq(devices.userId, userId)))
    .returning({ id: devices.id });
  return removed.length === 1;
}
