/**
 * /dev/outbox: the embedded email adapter's outbox, newest first (?to= narrows to one address).
 * Development and tests only: 404 unless ENVIRONMENT opts in (production mails only through a real provider).
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { outbox } from "~/platform/adapters/email/email.server";
import { relativeTime } from "~/platform/format";
import { notFoundOutsideDevelopment } from "~/platform/http.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  notFoundOutsideDevelopment(context.app.env);
  const to = new URL(request.url).searchParams.get("to")?.trim().toLowerCase() || undefined;
  const emails = await outbox(context.app, to);
  return { to: to ?? "", now: context.app.now, emails: emails.map(({ html: _html, ...email }) => email) };
}

export const meta: MetaFunction = () => [{ title: "Outbox (development)" }, { name: "robots", content: "noindex" }];

export default function Outbox() {
  const { to, now, emails } = useLoaderData<typeof loader>();
  return (
    <section className="container outbox" aria-labelledby="outbox-title">
      <h1 id="outbox-title">Outbox</h1>
      <p>
        Emails the product would have sent. They stay here because no email provider is configured (set RESEND_API_KEY
        to send for real).
      </p>
      <Form method="get" className="outbox__filter">
        <label htmlFor="outbox-to">Recipient</label>
        <input
          id="outbox-to"
          className="input"
          type="email"
          name="to"
          defaultValue={to}
          placeholder="ada@example.com"
        />
        <button type="submit" className="btn btn--secondary btn--medium">
          Filter
        </button>
      </Form>
      {emails.length === 0 ? (
        <p className="outbox__empty">
          {to ? `No emails to ${to} yet.` : "No emails yet. Ask for a password reset code to see one here."}
        </p>
      ) : (
        <ol className="outbox__list">
          {emails.map((email) => (
            <li key={email.id} className="outbox__email">
              <article aria-label={email.subject}>
                <h2>{email.subject}</h2>
                <p className="outbox__meta">
                  To <strong>{email.to}</strong> · {relativeTime(email.createdAt, now)}
                </p>
                <pre className="outbox__text">{email.text}</pre>
              </article>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
