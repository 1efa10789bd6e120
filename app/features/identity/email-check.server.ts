/**
 * The email check behind /api/collectEmail (email_validation_info {suggestion, score}): a typo
 * suggestion for common domains (@zootools/email-spell-checker, mailcheck's maintained fork) and a
 * score that drops for malformed or disposable domains (disposable-email-domains-js, about 9,000
 * domains). Server-only: the list is too big to ship to browsers. No mailbox is contacted.
 */
import { run as suggestEmail } from "@zootools/email-spell-checker";
import { loadOnce } from "~/platform/load-once";
import { EMAIL_PATTERN, type EmailValidationInfo } from "./rules";

// The list loads on the first check: only email forms need it, so the build keeps it out of the worker's
// startup module (workers/lazy-modules.mjs).
const disposableDomains = loadOnce(async () =>
  (await import("disposable-email-domains-js")).disposableEmailBlocklistSet(),
);
async function isDisposable(domain: string) {
  const disposable = await disposableDomains();
  // A subdomain of a disposable domain is disposable too (x.mailinator.com).
  const labels = domain.split(".");
  return labels.some((_, i) => i < labels.length - 1 && disposable.has(labels.slice(i).join(".")));
}

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const TOP_LEVEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

export async function emailValidationInfo(raw: string): Promise<EmailValidationInfo> {
  const email = raw.trim().toLowerCase();
  if (!EMAIL_PATTERN.test(email)) return { suggestion: null, score: 0 };
  const at = email.lastIndexOf("@");
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const labels = domain.split(".");
  const wellFormed =
    local.length <= 64 &&
    domain.length <= 253 &&
    labels.every((label) => LABEL.test(label)) &&
    TOP_LEVEL.test(labels[labels.length - 1]);
  if (!wellFormed) return { suggestion: null, score: 0.1 };
  // A likely typo of a popular domain comes first: typo domains are often registered as catch-alls
  // and listed as disposable, but the person most likely meant the popular one.
  const suggestion = suggestEmail({ email })?.full ?? null;
  if (suggestion && suggestion !== email) return { suggestion, score: 0.5 };
  if (await isDisposable(domain)) return { suggestion: null, score: 0.2 };
  // A clean address scores high, never certain: no mailbox is contacted.
  return { suggestion: null, score: 0.9 };
}
