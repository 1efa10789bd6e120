/**
 * The authenticator app (TOTP, RFC 6238 via @epic-web/totp): 6 digits, 30 s, SHA-1, which every
 * authenticator app understands. Setup stores an unverified secret; the first good code verifies it
 * ('My TOTP device'). Each code works once: the step it was used in is remembered.
 */
import { generateTOTP, getTOTPAuthUri, verifyTOTP } from "@epic-web/totp";
import { and, eq, isNotNull, lt } from "drizzle-orm";
import { totpFactors } from "~/db/schema";
import type { Client } from "~/platform/client.server";
import type { AppContext } from "~/platform/context";
import { loadOnce } from "~/platform/load-once";
import { checkSucceeded, claimCheck } from "./attempts.server";
import { CODE_POLICY } from "./rules";

const TOTP = { period: 30, digits: 6, algorithm: "SHA-1" } as const;
// The QR code painter is a module of its own beside the worker (workers/lazy-modules.mjs): only setup shows one.
const qrCodes = loadOnce(() => import("uqr"));
const DEFAULT_DEVICE_NAME = "My TOTP device";

/** Starts (or restarts) setup: a new secret, not yet verified. The old factor stays until this one is verified. */
export async function associateSoftwareToken(app: AppContext, userId: string): Promise<string> {
  const { secret } = await generateTOTP(TOTP);
  await app.db
    .insert(totpFactors)
    .values({ userId, secret, verifiedAt: null, createdAt: app.now })
    .onConflictDoUpdate({
      target: totpFactors.userId,
      set: { secret, verifiedAt: null, lastStep: 0, createdAt: app.now },
    });
  return secret;
}

/** What the setup screen shows: the secret, the otpauth address and its QR code as SVG. */
export async function setupPicture(secret: string, accountName: string, issuer: string) {
  const uri = getTOTPAuthUri({ ...TOTP, secret, accountName, issuer });
  return { secret, uri, qrSvg: (await qrCodes()).renderSVG(uri, { border: 2 }) };
}

/** Checks a code against a secret, once per 30-second step. Returns the step used, or null. */
async function check(secret: string, code: string, lastStep: number, now: number): Promise<number | null> {
  const clean = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(clean)) return null;
  const result = await verifyTOTP({ ...TOTP, otp: clean, secret, window: 1 });
  if (!result) return null;
  const step = Math.floor(now / 1000 / TOTP.period) + result.delta;
  return step > lastStep ? step : null;
}

/** The first code: marks the factor verified under its friendly name. */
export async function verifySoftwareToken(
  app: AppContext,
  userId: string,
  code: string,
  friendlyName = DEFAULT_DEVICE_NAME,
): Promise<boolean> {
  const factor = await app.db.select().from(totpFactors).where(eq(totpFactors.userId, userId)).get();
  if (!factor) return false;
  const step = await check(factor.secret, code, factor.lastStep, app.now);
  if (step === null) return false;
  await app.db
    .update(totpFactors)
    .set({ verifiedAt: app.now, lastStep: step, friendlyName: friendlyName.slice(0, 60) || DEFAULT_DEVICE_NAME })
    .where(eq(totpFactors.userId, userId));
  return true;
}

/** A sign-in's second factor. The step is claimed with a conditional update, so a code cannot be replayed, even concurrently. */
export async function checkSignInCode(app: AppContext, userId: string, code: string): Promise<boolean> {
  const factor = await app.db
    .select()
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.verifiedAt)))
    .get();
  if (!factor) return false;
  const step = await check(factor.secret, code, factor.lastStep, app.now);
  if (step === null) return false;
  const claimed = await app.db
    .update(totpFactors)
    .set({ lastStep: step })
    .where(and(eq(totpFactors.userId, userId), lt(totpFactors.lastStep, step)))
    .run();
  return claimed.meta.changes === 1;
}

/**
 * Answers a sign-in's authenticator challenge: the attempt is claimed first (the same lockout as
 * other codes, per user), then the code is checked and its step claimed.
 */
export async function answerSignInChallenge(
  app: AppContext,
  userId: string,
  code: string,
  client: Client,
): Promise<"ok" | "mismatch" | { waitMs: number }> {
  const claim = await claimCheck(app, "mfa", userId, client, CODE_POLICY);
  if (!claim.ok) return { waitMs: claim.waitMs };
  if (!(await checkSignInCode(app, userId, code))) return "mismatch";
  await checkSucceeded(app, claim.held);
  return "ok";
}

export async function verifiedFactor(app: AppContext, userId: string) {
  return (
    (await app.db
      .select({ friendlyName: totpFactors.friendlyName, verifiedAt: totpFactors.verifiedAt })
      .from(totpFactors)
      .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.verifiedAt)))
      .get()) ?? null
  );
}

/** The secret of a setup in progress (associated, not yet verified), or null. */
export async function pendingSecret(app: AppContext, userId: string): Promise<string | null> {
  const row = await app.db
    .select({ secret: totpFactors.secret, verifiedAt: totpFactors.verifiedAt })
    .from(totpFactors)
    .where(eq(totpFactors.userId, userId))
    .get();
  return row && row.verifiedAt === null ? row.secret : null;
}
