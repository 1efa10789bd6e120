/**
 * Passwordless sign-in with an emailed code: the identity API's CUSTOM_AUTH flow and its
 * CUSTOM_CHALLENGE. The code is six digits, lives 10 minutes, works once, and its checks count on
 * their own lockout like every other code. Entering it proves the address, so it also confirms an
 * account still waiting for its sign-up code.
 */
import { type UserRow } from "~/db/schema";
import { requireEmailDelivery, sendEmail } from "~/platform/adapters/email/email.server";
import type { Client } from "~/platform/client.server";
import type { AppContext } from "~/platform/context";
import { randomHex } from "~/platform/crypto.server";
import { escapeHtml } from "~/platform/html";
import { findUserByUsername } from "./accounts.server";
import { takeAttempt } from "./attempts.server";
import { startChallenge } from "./challenges.server";
import { issueCode } from "./codes.server";
import { type AttemptPolicy } from "./rules";
import { spendEmailedCode } from "./verification.server";

const SIGN_IN_CODE_MS = 10 * 60_000;
const SEND_POLICY: AttemptPolicy = { free: 5, maxMs: 15 * 60_000, quietMs: 15 * 60_000 };

export type SignInCodeStart =
  { status: "sent"; session: string; user: UserRow | null } | { status: "wait"; waitMs: number };

/**
 * Emails a sign-in code to the account USERNAME names, and starts its challenge. A username with no
 * account gets a session of the same shape that nothing answers, and no email; the sends are limited
 * per username either way, so neither the answer nor the limit tells which usernames exist.
 */
export async function sendSignInCode(app: AppContext, username: string): Promise<SignInCodeStart> {
  requireEmailDelivery(app.env);
  const waitMs = await takeAttempt(app, `sign-in-code-send:${username.trim().toLowerCase()}`, SEND_POLICY);
  if (waitMs > 0) return { status: "wait", waitMs };
  const user = await findUserByUsername(app, username);
  if (!user) return { status: "sent", session: randomHex(16), user: null };
  const code = await issueCode(app, user.id, "sign_in", SIGN_IN_CODE_MS);
  const product = app.env.PRODUCT_NAME;
  await sendEmail(app, {
    to: user.email,
    subject: `Your ${product} sign-in code: ${code}`,
    text: `Hi ${user.firstName},\n\nYour sign-in code is ${code}. It expires in 10 minutes.\n\nIf you didn't ask to sign in, you can ignore this email; nobody can sign in without the code.\n\n— ${product}`,
    html: `<p>Hi ${escapeHtml(user.firstName)},</p><p>Your sign-in code is <strong style="font-size:1.4em;letter-spacing:.1em">${code}</strong>. It expires in 10 minutes.</p><p>If you didn't ask to sign in, you can ignore this email; nobody can sign in without the code.</p><p>— ${escapeHtml(product)}</p>`,
  });
  return { status: "sent", session: await startChallenge(app, user.id, "CUSTOM_CHALLENGE"), user };
}

/** Checks and spends the user's sign-in code, on its own lockout (verification.server.ts spendEmailedCode). */
export function answerSignInCode(app: AppContext, userId: string, code: string, client: Client) {
  return spendEmailedCode(app, userId, code, client, { purpose: "sign_in", scope: "sign-in-code" });
}
