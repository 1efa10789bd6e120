/**
 * The email adapter: one call, two implementations. With RESEND_API_KEY set, mail goes out through
 * Resend's HTTP API; otherwise it is written to the outbox table, which /dev/outbox shows and tests
 * read. Both get the same message, so what a developer sees locally is what a user would receive.
 */
import { desc, eq } from "drizzle-orm";
import { outboxEmails } from "~/db/schema";
import type { AppContext } from "~/platform/context";

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export class EmailDeliveryError extends Error {}

export async function sendEmail(app: AppContext, message: EmailMessage): Promise<void> {
  if (app.env.RESEND_API_KEY) return sendWithResend(app.env.RESEND_API_URL, app.env.RESEND_API_KEY, app.env.EMAIL_FROM, message);
  await app.db.insert(outboxEmails).values({ id: crypto.randomUUID(), createdAt: app.now, ...message });
}

async function sendWithResend(apiUrl: string, apiKey: string, from: string, message: EmailMessage) {
  const response = await fetch(new URL("/emails", apiUrl), {
    method: "POST",
    // One key per message: if a retry reaches Resend twice, the email still goes out once.
    headers: { Authorization: `Bearer ${apiKey}`, "Content-Type": "application/json", "Idempotency-Key": crypto.randomUUID() },
    body: JSON.stringify({ from, to: [message.to], subject: message.subject, text: message.text, html: message.html }),
  });
  if (!response.ok) throw new EmailDeliveryError(`Resend answered ${response.status}`);
}

/** The newest outbox emails (all, or to one address), for /dev/outbox and tests. */
export async function outbox(app: AppContext, to?: string, limit = 50) {
  const query = app.db.select().from(outboxEmails);
  return (to ? query.where(eq(outboxEmails.to, to.toLowerCase())) : query).orderBy(desc(outboxEmails.createdAt)).limit(limit).all();
}
