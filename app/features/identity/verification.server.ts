/**
 * Email confirmation: a code sent to the account's address; entering it marks the email verified
 * (and confirms an identity API sign-up that waits for it).
 * Used by POST /api/confirmEmail (which answers the same whether or not the email has an account).
 */
import { eq } from "drizzle-orm";
import { users } from "~/db/schema";
import { requireEmailDelivery, sendEmail } from "~/platform/adapters/email/email.server";
import type { AppContext } from "~/platform/context";
import { escapeHtml } from "~/platform/html";
import { findUserByEmail } from "./accounts.server";
import { LOCAL_CLIENT, type Client } from "~/platform/client.server";
import { checkSucceeded, claimCheck, takeAttempt, type CheckScope } from "./attempts.server";
import { checkCode, issueCode, spendCode } from "./codes.server";
import { CODE_POLICY, type AttemptPolicy } from "./rules";

const SEND_POLICY: AttemptPolicy = { free: 5, maxMs: 15 * 60_000, quietMs: 15 * 60_000 };

/**
 * Sends a confirmation code when the email has an unverified account. Returns the wait when rate
 * limited, else 0. Throws EmailNotConfiguredError, before anything else, where no email can go out.
 */
export async function sendEmailConfirmation(app: AppContext, rawEmail: string): Promise<number> {
  requireEmailDelivery(app.env);
  const email = rawEmail.trim().toLowerCase();
  const waitMs = await takeAttempt(app, `confirm-send:${email}`, SEND_POLICY);
  if (waitMs > 0) return waitMs;
  const user = await findUserByEmail(app, email);
  if (!user || user.emailVerified) return 0;
  const code = await issueCode(app, user.id, "verify_email");
  const product = app.env.PRODUCT_NAME;
  await sendEmail(app, {
    to: user.email,
    subject: `Confirm your email for ${product}: ${code}`,
    text: `Hi ${user.firstName},\n\nYour confirmation code is ${code}. It expires in 1 hour.\n\n— ${product}`,
    html: `<p>Hi ${escapeHtml(user.firstName)},</p><p>Your confirmation code is <strong style="font-size:1.4em;letter-spacing:.1em">${code}</strong>. It expires in 1 hour.</p><p>— ${escapeHtml(product)}</p>`,
  });
  return 0;
}

/**
 * Sign-up with an email that already has an account (through the identity API, which answers as if
 * the account were new): tells the owner, at most as often as codes are sent.
 */
export async function sendAccountExistsNotice(app: AppContext, rawEmail: string): Promise<void> {
  const email = rawEmail.trim().toLowerCase();
  if (await takeAttempt(app, `exists-notice:${email}`, SEND_POLICY)) return;
  const user = await findUserByEmail(app, email);
  if (!user) return;
  const product = app.env.PRODUCT_NAME;
  await sendEmail(app, {
    to: user.email,
    subject: `You already have a ${product} account`,
    text: `Hi ${user.firstName},\n\nSomeone (probably you) tried to create a ${product} account with this email, which already has one. Log in with your password, or reset it if you've forgotten it. If it wasn't you, you can ignore this email; nothing has changed.\n\n— ${product}`,
    html: `<p>Hi ${escapeHtml(user.firstName)},</p><p>Someone (probably you) tried to create a ${escapeHtml(product)} account with this email, which already has one. Log in with your password, or reset it if you've forgotten it.</p><p>If it wasn't you, you can ignore this email; nothing has changed.</p><p>— ${escapeHtml(product)}</p>`,
  });
}

/** Checks and spends a confirmation code; the attempt is claimed first, on the same lockout as reset codes. */
export function confirmEmailWithCode(app: AppContext, userId: string, code: string, client: Client = LOCAL_CLIENT) {
  return spendEmailedCode(app, userId, code, client, { purpose: "verify_email", scope: "confirm-code" });
}

/**
 * Checks and spends an emailed code that proves the address (a confirmation code, a sign-in code),
 * the attempt claimed first on the scope's lockout. On success the email is verified, and an identity
 * API sign-up waiting for its code is confirmed.
 */
export async function spendEmailedCode(
  app: AppContext,
  userId: string,
  code: string,
  client: Client,
  kind: { purpose: "verify_email" | "sign_in" | "email_mfa"; scope: CheckScope },
): Promise<"ok" | "mismatch" | "expired" | { waitMs: number }> {
  const claim = await claimCheck(app, kind.scope, userId, client, CODE_POLICY);
  if (!claim.ok) return { waitMs: claim.waitMs };
  const check = await checkCode(app, userId, kind.purpose, code);
  if (check.status !== "ok" || !(await spendCode(app, check.id)))
    return check.status === "expired" ? "expired" : "mismatch";
  await checkSucceeded(app, claim.held);
  // The code proves the address: an identity API sign-up waiting for it is confirmed too.
  await app.db.update(users).set({ emailVerified: true, identityStatus: "CONFIRMED" }).where(eq(users.id, userId));
  return "ok";
}
