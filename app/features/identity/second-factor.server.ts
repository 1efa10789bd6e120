/**
 * Second factors: the authenticator app (totp.server.ts) and emailed codes (EMAIL_OTP). Which are on
 * lives in users.mfa_enabled, the one asked first in users.preferred_mfa; with two on and none
 * preferred, the person chooses (SELECT_MFA_TYPE). The web's Log In and the identity API ask the same.
 */
import { eq } from "drizzle-orm";
import { totpFactors, users, type UserRow } from "~/db/schema";
import { requireEmailDelivery, sendEmail } from "~/platform/adapters/email/email.server";
import type { Client } from "~/platform/client.server";
import type { AppContext } from "~/platform/context";
import { escapeHtml } from "~/platform/html";
import { takeAttempt } from "./attempts.server";
import { issueCode } from "./codes.server";
import { changedMfaSettings, type AttemptPolicy, type MfaSettings, type SecondFactor } from "./rules";
import { verifiedFactor } from "./totp.server";
import { spendEmailedCode } from "./verification.server";

const EMAIL_CODE_MS = 10 * 60_000;
const SEND_POLICY: AttemptPolicy = { free: 5, maxMs: 15 * 60_000, quietMs: 15 * 60_000 };

/** The user's second factors as a sign-in sees them: the authenticator counts only with a verified factor. */
export async function mfaSettingsOf(app: AppContext, user: UserRow): Promise<MfaSettings> {
  const software = user.mfaEnabled.includes("SOFTWARE_TOKEN_MFA") && (await verifiedFactor(app, user.id));
  return {
    enabled: user.mfaEnabled.filter((factor) => factor !== "SOFTWARE_TOKEN_MFA" || software),
    preferred: user.preferredMfa,
  };
}

export class SecondFactorError extends Error {
  constructor(readonly reason: "no-software-token" | "no-verified-email") {
    super(reason);
  }
}

/**
 * Turns factors on or off and sets the one asked first (rules.ts changedMfaSettings). The authenticator
 * needs a verified factor; emailed codes a verified email, since they go there.
 */
export async function changeMfaSettings(
  app: AppContext,
  user: UserRow,
  change: Parameters<typeof changedMfaSettings>[1],
): Promise<MfaSettings> {
  const turnsOn = (factor: SecondFactor) => change[factor]?.Enabled || change[factor]?.PreferredMfa;
  if (turnsOn("SOFTWARE_TOKEN_MFA") && !(await verifiedFactor(app, user.id)))
    throw new SecondFactorError("no-software-token");
  if (turnsOn("EMAIL_OTP") && !user.emailVerified) throw new SecondFactorError("no-verified-email");
  const next = changedMfaSettings({ enabled: user.mfaEnabled, preferred: user.preferredMfa }, change);
  await app.db
    .update(users)
    .set({ mfaEnabled: next.enabled, preferredMfa: next.preferred })
    .where(eq(users.id, user.id));
  return next;
}

/** Turns the authenticator on and makes it the one asked first: only with a verified factor. */
export async function preferSoftwareToken(app: AppContext, userId: string): Promise<boolean> {
  const user = await app.db.select().from(users).where(eq(users.id, userId)).get();
  if (!user || !(await verifiedFactor(app, userId))) return false;
  await changeMfaSettings(app, user, { SOFTWARE_TOKEN_MFA: { Enabled: true, PreferredMfa: true } });
  return true;
}

/** Removes the authenticator, and turns it off in the same transaction (emailed codes stay as they are). */
export async function removeSoftwareToken(app: AppContext, userId: string): Promise<void> {
  const user = await app.db.select().from(users).where(eq(users.id, userId)).get();
  if (!user) return;
  const next = changedMfaSettings(
    { enabled: user.mfaEnabled, preferred: user.preferredMfa },
    { SOFTWARE_TOKEN_MFA: { Enabled: false } },
  );
  await app.db.batch([
    app.db.delete(totpFactors).where(eq(totpFactors.userId, userId)),
    app.db.update(users).set({ mfaEnabled: next.enabled, preferredMfa: next.preferred }).where(eq(users.id, userId)),
  ]);
}

/** Which factor a sign-in asks first: one that is on, or NOMFA to let the person choose each time. */
export async function preferSecondFactor(
  app: AppContext,
  user: UserRow,
  preferred: SecondFactor | "NOMFA",
): Promise<boolean> {
  if (preferred !== "NOMFA" && !(await mfaSettingsOf(app, user)).enabled.includes(preferred)) return false;
  await app.db.update(users).set({ preferredMfa: preferred }).where(eq(users.id, user.id));
  return true;
}

/** Emails a sign-in's second-factor code; sends are limited per user. */
export async function sendEmailMfaCode(
  app: AppContext,
  user: UserRow,
): Promise<{ status: "sent" } | { status: "wait"; waitMs: number }> {
  requireEmailDelivery(app.env);
  const waitMs = await takeAttempt(app, `email-mfa-send:${user.id}`, SEND_POLICY);
  if (waitMs > 0) return { status: "wait", waitMs };
  const code = await issueCode(app, user.id, "email_mfa", EMAIL_CODE_MS);
  const product = app.env.PRODUCT_NAME;
  await sendEmail(app, {
    to: user.email,
    subject: `Your ${product} verification code: ${code}`,
    text: `Hi ${user.firstName},\n\nTo finish logging in, your code is ${code}. It expires in 10 minutes.\n\nIf that wasn't you, someone has your password: change it now.\n\n— ${product}`,
    html: `<p>Hi ${escapeHtml(user.firstName)},</p><p>To finish logging in, your code is <strong style="font-size:1.4em;letter-spacing:.1em">${code}</strong>. It expires in 10 minutes.</p><p>If that wasn't you, someone has your password: change it now.</p><p>— ${escapeHtml(product)}</p>`,
  });
  return { status: "sent" };
}

/** Checks and spends the emailed second-factor code, on the same lockout as the authenticator's codes. */
export function answerEmailMfaCode(app: AppContext, userId: string, code: string, client: Client) {
  return spendEmailedCode(app, userId, code, client, { purpose: "email_mfa", scope: "mfa" });
}
