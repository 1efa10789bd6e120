/**
 * The email adapter: one call, two implementations. With RESEND_API_KEY set, mail goes out through
 * Resend's HTTP API; otherwise, in development and the tests only, it is written to the outbox table,
 * which /dev/outbox shows and tests read. Both get the same message, so what a developer sees locally
 * is what a user would receive. Production without Resend sends nothing and stores nothing: the
 * outbox would hold readable reset codes.
 */
import { desc, eq } from "drizzle-orm";
import { outboxEmails } from "~/db/schema";
import type { AppContext } from "~/platform/context";
import { isDevelopment, type Env } from "~/platform/env";

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export class EmailDeliveryError extends Error {}
/** No email can go out: production without RESEND_API_KEY. */
export class EmailNotConfiguredError extends EmailDeliveryError {}

/** What a user asking for a code reads when this deploy cannot send email. */
export const emailNotConfiguredMessage = (supportEmail: string) =>
  `Email is not set up on this site, so we can't send you a code. Contact ${supportEmail} for help.`;

type EmailEnv = Pick<Env, "RESEND_API_KEY" | "ENVIRONMENT">;

/** Whether email can go out here: through Resend, or into the outbox in development and the tests. */
export function canSendEmail(env: EmailEnv): boolean {
  return Boolean(env.RESEND_API_KEY) || isDevelopment(env);
}

/**
 * Called before a code is made or an account looked up, so a deploy that cannot send email refuses
 * every request alike (known and unknown addresses get the same answer).
 */
export function requireEmailDelivery(env: EmailEnv): void {
  if (!canSendEmail(env))
    throw new EmailNotConfiguredError("RESEND_API_KEY is not set, and the outbox never serves in production");
}

export async function sendEmail(app: AppContext, message: EmailMessage): Promise<void> {
  if (app.env.RESEND_API_KEY)
    return sendWithResend(app.env.RESEND_API_URL, app.env.RESEND_API_KEY, app.env.EMAIL_FROM, message);
  requireEmailDelivery(app.env);
  await app.db.insert(outboxEmails).values({ id: crypto.randomUUID(), createdAt: app.now, ...message });
}

async function sendWithResend(apiUrl: string, apiKey: string, from: string, message: EmailMessage) {
  const response = await fetch(new URL("/emails", apiUrl), {
    method: "POST",
    // One key per message: if a retry reaches Resend twice, the email still goes out once.
    headers: {
      Authorization: `Bearer ${apiKey}`,
      "Content-Type": "application/json",
      "Idempotency-Key": crypto.randomUUID(),
    },
    body: JSON.stringify({ from, to: [message.to], subject: message.subject, text: message.text, html: message.html }),
  });
  if (!response.ok) throw new EmailDeliveryError(`Resend answered ${response.status}`);
}

/** The newest outbox emails (all, or to one address), for /dev/outbox and tests. */
export async function outbox(app: AppContext, to?: string, limit = 50) {
  const query = app.db.select().from(outboxEmails);
  return (to ? query.where(eq(outboxEmails.to, to.toLowerCase())) : query)
    .orderBy(desc(outboxEmails.createdAt))
    .limit(limit)
    .all();
}
