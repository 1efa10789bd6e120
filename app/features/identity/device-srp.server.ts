/**
 * Remembered devices for identity API clients, as the hosted user pool has them. A sign-in from a
 * device not yet known hands out NewDeviceMetadata (a device key and the user's device group key);
 * the client makes a random secret for it and confirms the device with the secret's SRP verifier
 * (ConfirmDevice). Once the user marks it remembered, a later sign-in from it proves the secret
 * (DEVICE_SRP_AUTH, then DEVICE_PASSWORD_VERIFIER: the same SRP-6a as passwords, with the group key
 * in place of the pool name and the device key in place of the username) instead of answering MFA.
 */
import { and, eq, gt, isNotNull } from "drizzle-orm";
import { devices, srpSignIns } from "~/db/schema";
import type { AppContext } from "~/platform/context";
import { base64ToBytes, bytesToBase64, sha256Hex } from "~/platform/crypto.server";
import { parseSrpTimestamp, serverEphemeral, SRP_CLOCK_SKEW_MS, verifyPasswordClaim } from "./srp.server";

const SIGN_IN_MS = 5 * 60_000;
const DEVICE_KEY = /^[\w-]+_[0-9a-f-]{36}$/;

/** The user's device group key: the same for all their devices, like the service's ("-" and 9 characters). */
export async function deviceGroupKey(app: AppContext, userId: string): Promise<string> {
  return `-${(await sha256Hex(`${app.env.IDENTITY_POOL_ID}:devices:${userId}`)).slice(0, 9)}`;
}

/** A new device's key ("{region}_{uuid}", as the service's) and the user's group key. */
export async function newDeviceMetadata(app: AppContext, userId: string) {
  const region = app.env.IDENTITY_POOL_ID.slice(0, app.env.IDENTITY_POOL_ID.indexOf("_"));
  return { DeviceKey: `${region}_${crypto.randomUUID()}`, DeviceGroupKey: await deviceGroupKey(app, userId) };
}

/** A confirmed identity API device of this user (one with a verifier), or null. */
export async function confirmedDevice(app: AppContext, userId: string, deviceKey: string) {
  if (!DEVICE_KEY.test(deviceKey)) return null;
  return (
    (await app.db
      .select()
      .from(devices)
      .where(and(eq(devices.id, deviceKey), eq(devices.userId, userId), isNotNull(devices.srpVerifier)))
      .get()) ?? null
  );
}

/** Whether any confirmed device has this key: a sign-in naming an unknown one is told so before anything is spent. */
export async function deviceExists(app: AppContext, deviceKey: string): Promise<boolean> {
  if (!DEVICE_KEY.test(deviceKey)) return false;
  return Boolean(
    await app.db
      .select({ id: devices.id })
      .from(devices)
      .where(and(eq(devices.id, deviceKey), isNotNull(devices.srpVerifier)))
      .get(),
  );
}

const bytesToHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

export type ConfirmOutcome = "ok" | "unknown" | "invalid" | "taken";

/**
 * ConfirmDevice: keeps the device's verifier. `issuedKey` is the device key the access token was
 * handed out with, so a client can only confirm the device its own sign-in named.
 */
export async function confirmDevice(
  app: AppContext,
  userId: string,
  input: { deviceKey: string; issuedKey: string | null; salt: string; verifier: string; name: string },
): Promise<ConfirmOutcome> {
  const salt = base64ToBytes(input.salt);
  const verifier = base64ToBytes(input.verifier);
  if (!input.issuedKey || input.deviceKey !== input.issuedKey || !DEVICE_KEY.test(input.deviceKey)) return "unknown";
  if (!salt?.length || salt.length > 64 || !verifier?.length || verifier.length > 512) return "invalid";
  const inserted = await app.db
    .insert(devices)
    .values({
      id: input.deviceKey,
      userId,
      // Browsers' devices are found by their cookie's hash; an API device has no cookie.
      tokenHash: await sha256Hex(`identity-api-device:${input.deviceKey}`),
      name: input.name.trim().slice(0, 120) || "A device",
      createdAt: app.now,
      lastSeenAt: app.now,
      groupKey: await deviceGroupKey(app, userId),
      srpSalt: bytesToHex(salt),
      srpVerifier: bytesToHex(verifier),
    })
    .onConflictDoNothing()
    .returning({ id: devices.id });
  return inserted.length ? "ok" : "taken";
}

/** DEVICE_SRP_AUTH: the DEVICE_PASSWORD_VERIFIER challenge for a remembered device, or null when SRP_A is not valid. */
export async function startDeviceSrp(
  app: AppContext,
  device: { id: string; userId: string; srpSalt: string; srpVerifier: string },
  publicA: string,
) {
  const ephemeral = await serverEphemeral(publicA, device.srpVerifier);
  if (!ephemeral) return null;
  const secretBlock = bytesToBase64(crypto.getRandomValues(new Uint8Array(64)));
  await app.db.insert(srpSignIns).values({
    id: await sha256Hex(secretBlock),
    userId: device.userId,
    deviceId: device.id,
    publicA,
    publicB: ephemeral.publicB,
    serverSecret: ephemeral.secret,
    createdAt: app.now,
    expiresAt: app.now + SIGN_IN_MS,
  });
  return { SRP_B: ephemeral.publicB, SALT: device.srpSalt, SECRET_BLOCK: secretBlock, DEVICE_KEY: device.id };
}

/**
 * DEVICE_PASSWORD_VERIFIER: whether the client proved the device's secret. The sign-in is spent
 * whatever the outcome; it must be this user's and this device's.
 */
export async function answerDeviceSrp(
  app: AppContext,
  userId: string,
  answer: {
    DEVICE_KEY: string;
    PASSWORD_CLAIM_SECRET_BLOCK: string;
    TIMESTAMP: string;
    PASSWORD_CLAIM_SIGNATURE: string;
  },
): Promise<boolean> {
  const secretBlock = base64ToBytes(answer.PASSWORD_CLAIM_SECRET_BLOCK);
  if (!secretBlock) return false;
  const row = await app.db
    .delete(srpSignIns)
    .where(
      and(eq(srpSignIns.id, await sha256Hex(answer.PASSWORD_CLAIM_SECRET_BLOCK)), gt(srpSignIns.expiresAt, app.now)),
    )
    .returning()
    .get();
  if (!row || row.userId !== userId || row.deviceId !== answer.DEVICE_KEY) return false;
  const device = await confirmedDevice(app, userId, answer.DEVICE_KEY);
  if (!device?.remembered || !device.groupKey || !device.srpVerifier) return false;
  const at = parseSrpTimestamp(answer.TIMESTAMP);
  if (at === null || Math.abs(at - app.now) > SRP_CLOCK_SKEW_MS) return false;
  const proven = await verifyPasswordClaim({
    poolName: device.groupKey,
    userId: device.id,
    publicA: row.publicA,
    ephemeral: { secret: row.serverSecret, publicB: row.publicB },
    verifier: device.srpVerifier,
    secretBlock,
    timestamp: answer.TIMESTAMP,
    signature: answer.PASSWORD_CLAIM_SIGNATURE,
  });
  if (proven) await app.db.update(devices).set({ lastSeenAt: app.now }).where(eq(devices.id, device.id));
  return proven;
}
