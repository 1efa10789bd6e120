/**
 * Reset password (spec 4): EMAIL sends a code; CODE checks it; NEWPASSWORD checks it again and, in
 * one transaction, spends it, sets the password and signs the user out everywhere. Wrong codes and
 * code requests are rate limited per email.
 */
import type { AppContext } from "~/platform/context";
import { requireEmailDelivery, sendEmail } from "~/platform/adapters/email/email.server";
import { escapeHtml } from "~/platform/html";
import { findUserByEmail, findUserById } from "./accounts.server";
import { LOCAL_CLIENT, type Client } from "~/platform/client.server";
import { checkSucceeded, claimCheck, clearLockout, takeAttempt } from "./attempts.server";
import { checkCode, issueCode } from "./codes.server";
import { newCredential } from "./credentials.server";
import { resetPasswordWithCode } from "./sql.server";
import { CODE_POLICY, type AttemptPolicy } from "./rules";

/** Sending a code: five per quarter hour, then the usual curve. */
const SEND_POLICY: AttemptPolicy = { free: 5, maxMs: 15 * 60_000, quietMs: 15 * 60_000 };

export type ResetOutcome =
  | { status: "ok"; userId: string; codeId?: string }
  | { status: "not_found" }
  | { status: "mismatch" }
  | { status: "expired" }
  | { status: "wait"; waitMs: number };

/** Throws EmailNotConfiguredError, before anything else, where no email can go out. */
export async function sendResetCode(app: AppContext, rawEmail: string): Promise<ResetOutcome> {
  requireEmailDelivery(app.env);
  const email = rawEmail.toLowerCase();
  const waitMs = await takeAttempt(app, `reset-send:${email}`, SEND_POLICY);
  if (waitMs > 0) return { status: "wait", waitMs };
  const user = await findUserByEmail(app, email);
  if (!user) return { status: "not_found" };
  const code = await issueCode(app, user.id, "reset_password");
  const product = app.env.PRODUCT_NAME;
  await sendEmail(app, {
    to: user.email,
    subject: `Your ${product} password reset code: ${code}`,
    text: `Hi ${user.firstName},\n\nYour verification code is ${code}. It expires in 1 hour.\n\nIf you didn't ask to reset your password, you can ignore this email; your password stays the same.\n\n— ${product}`,
    html: `<p>Hi ${escapeHtml(user.firstName)},</p><p>Your verification code is <strong style="font-size:1.4em;letter-spacing:.1em">${code}</strong>. It expires in 1 hour.</p><p>If you didn't ask to reset your password, you can ignore this email; your password stays the same.</p><p>— ${escapeHtml(product)}</p>`,
  });
  return { status: "ok", userId: user.id };
}

/** Checks the code without spending it (the CODE step). The attempt is claimed before the code is looked at. */
export async function verifyResetCode(
  app: AppContext,
  rawEmail: string,
  code: string,
  client: Client = LOCAL_CLIENT,
): Promise<ResetOutcome> {
  const email = rawEmail.toLowerCase();
  const claim = await claimCheck(app, "reset-code", email, client, CODE_POLICY);
  if (!claim.ok) return { status: "wait", waitMs: claim.waitMs };
  const user = await findUserByEmail(app, email);
  const check = user ? await checkCode(app, user.id, "reset_password", code) : ({ status: "mismatch" } as const);
  if (check.status !== "ok") return check;
  await checkSucceeded(app, claim.held);
  return { status: "ok", userId: user!.id, codeId: check.id };
}

/** The NEWPASSWORD step: everything or nothing, and the code works once even under concurrent posts. */
export async function resetPassword(
  app: AppContext,
  rawEmail: string,
  code: string,
  password: string,
  client: Client = LOCAL_CLIENT,
): Promise<ResetOutcome> {
  const email = rawEmail.toLowerCase();
  const check = await verifyResetCode(app, email, code, client);
  if (check.status !== "ok") return check;
  const user = await findUserById(app, check.userId);
  if (!user) return { status: "mismatch" };
  const spent = await resetPasswordWithCode(app.bindings.DB, {
    userId: check.userId,
    credential: await newCredential(app, user.username, password),
    codeId: check.codeId,
    now: app.now,
  });
  if (!spent) return { status: "mismatch" };
  await clearLockout(app, "login", email, client);
  return { status: "ok", userId: check.userId };
}
