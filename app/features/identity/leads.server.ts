/**
 * Emails collected before an account exists: the Get Started form and POST /api/collectEmail
 * record a lead (lead or waitlist pages) or a checkout initiation, with the product, collection or
 * class the visitor was looking at, and answer the email check.
 */
import { and, eq } from "drizzle-orm";
import { collections, emailLeads, products } from "~/db/schema";
import type { AppContext } from "~/platform/context";
import { emailValidationInfo } from "./email-check.server";
import { EmailCheckError, leadKind, type EmailValidationInfo } from "./rules";

/** classInterestedIn for a page: the class's or collection's id when the page is one, else 'general'. */
export async function interestFromPage(app: AppContext, page: string): Promise<string> {
  const parts = page
    .split("?")[0]
    .split("/")
    .filter(Boolean)
    .map((part) => decodeURIComponent(part));
  if (parts[0] === "classes" && parts.length === 3) {
    const row = await app.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.storefrontSlug, parts[1]), eq(products.classSlug, parts[2])))
      .get();
    return row?.id ?? "general";
  }
  const collectionSlug =
    parts[0] === "collections" || parts[0] === "schools" ? parts[1] : parts[0] === "school" ? parts[1] : null;
  if (collectionSlug && parts.length === 2) {
    const row = await app.db
      .select({ id: collections.id })
      .from(collections)
      .where(eq(collections.slug, collectionSlug))
      .get();
    return row?.id ?? "general";
  }
  return "general";
}

export async function collectEmail(
  app: AppContext,
  input: { email: string; classInterestedIn: string; extraTags?: unknown; source: string },
): Promise<EmailValidationInfo> {
  // The check first: when it cannot run, nothing is kept and the caller says the email could not be verified.
  const info = await emailValidationInfo(input.email).catch((error: unknown) => {
    throw new EmailCheckError(error);
  });
  await app.db.insert(emailLeads).values({
    id: crypto.randomUUID(),
    email: input.email.trim().toLowerCase(),
    classInterestedIn: input.classInterestedIn,
    extraTags: input.extraTags ?? null,
    kind: leadKind(input.source),
    source: input.source.slice(0, 500),
    createdAt: app.now,
  });
  return info;
}
