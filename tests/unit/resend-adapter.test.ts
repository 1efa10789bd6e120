// The email adapter's Resend path against a local stand-in of Resend's POST /emails (Node's http
// server), and its embedded default (the outbox) chosen when no key is set.
import { createServer, type IncomingMessage } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EmailDeliveryError, EmailNotConfiguredError, sendEmail } from "~/platform/adapters/email/email.server";
import type { AppContext } from "~/platform/context";

const received: {
  method?: string;
  url?: string;
  headers: IncomingMessage["headers"];
  body: Record<string, unknown>;
}[] = [];
let answer = 200;
const server = createServer(async (req, res) => {
  let body = "";
  for await (const chunk of req) body += chunk;
  received.push({ method: req.method, url: req.url, headers: req.headers, body: JSON.parse(body || "{}") });
  res.writeHead(answer, { "Content-Type": "application/json" });
  res.end(
    JSON.stringify(answer === 200 ? { id: "re_123" } : { name: "validation_error", message: "Invalid `to` field." }),
  );
});
let url = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const message = { to: "ada@example.com", subject: "Your Studio receipt", text: "Thanks", html: "<p>Thanks</p>" };
const app = (env: Record<string, unknown>, inserted: unknown[] = []) =>
  ({
    env: { EMAIL_FROM: "Studio <no-reply@studio.example>", RESEND_API_URL: url, ...env },
    now: 1,
    db: { insert: () => ({ values: async (v: unknown) => void inserted.push(v) }) },
  }) as unknown as AppContext;

describe("email through Resend", () => {
  it("posts the message with the key, the sender and an idempotency key", async () => {
    answer = 200;
    await sendEmail(app({ RESEND_API_KEY: "re_test_key" }), message);
    const last = received.at(-1)!;
    expect(last.method).toBe("POST");
    expect(last.url).toBe("/emails");
    expect(last.headers.authorization).toBe("Bearer re_test_key");
    expect(last.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(last.body).toEqual({
      from: "Studio <no-reply@studio.example>",
      to: ["ada@example.com"],
      subject: "Your Studio receipt",
      text: "Thanks",
      html: "<p>Thanks</p>",
    });
  });

  it("turns Resend's refusal into an EmailDeliveryError (the caller decides what to do)", async () => {
    answer = 422;
    await expect(sendEmail(app({ RESEND_API_KEY: "re_test_key" }), message)).rejects.toBeInstanceOf(EmailDeliveryError);
  });

  // The outbox is development's and the tests' (ENVIRONMENT opts in); a parsed env always names one.
  it("without a key, in development, writes to the outbox and never calls Resend", async () => {
    const before = received.length;
    const inserted: unknown[] = [];
    await sendEmail(app({ ENVIRONMENT: "development" }, inserted), message);
    expect(received.length).toBe(before);
    expect(inserted).toEqual([expect.objectContaining({ to: "ada@example.com", subject: "Your Studio receipt" })]);
  });

  it("without a key, in production, refuses: nothing is sent and nothing is stored", async () => {
    const before = received.length;
    const inserted: unknown[] = [];
    await expect(sendEmail(app({ ENVIRONMENT: "production" }, inserted), message)).rejects.toBeInstanceOf(
      EmailNotConfiguredError,
    );
    expect(received.length).toBe(before);
    expect(inserted).toEqual([]);
  });
});
