/** /account/membership: the plan, renewal or end date, the card, past payments; cancel and refund as form posts. */
import { data } from "@remix-run/cloudflare";
import { and, desc, eq, notLike } from "drizzle-orm";
import { invoices, savedCards } from "~/db/schema";
import { sellablesByIds } from "~/features/cart/sellables.server";
import { allPurchases } from "~/features/purchases/purchases.server";
import type { AppContext } from "~/platform/context";
import { membershipFormSchema } from "~/features/subscriptions/schema";
import { cancelSubscription, refund } from "~/features/subscriptions/subscription-actions.server";
import { userSubscriptions } from "~/features/subscriptions/subscriptions.server";
import { redirectWithToast } from "~/http/toast.server";
import { requireUser } from "~/http/visitor.server";
import { parseSubmission } from "~/http/form.server";

const member = (app: AppContext, request: Request) => requireUser(app, request, { redirectTo: "/account/membership" });

export async function loadMembershipPage(app: AppContext, request: Request) {
  const user = await member(app, request);
  // A failed read of the memberships is not "no membership": the page says so and offers to try again.
  const [subscriptions, card, payments, renewals] = await Promise.all([
    userSubscriptions(app, user.id).then(
      (read) => read.subscriptions,
      (error: unknown) => {
        console.error("membership page: the subscriptions could not be read", error);
        return null;
      },
    ),
    app.db.select().from(savedCards).where(eq(savedCards.userId, user.id)).get(),
    allPurchases(app, user.id),
    // Renewal invoices (the first payment is already a purchase).
    app.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.userId, user.id), notLike(invoices.providerInvoiceId, "%:first")))
      .orderBy(desc(invoices.createdAt))
      .limit(50),
  ]);
  const titles = new Map(
    (
      await sellablesByIds(app.db, [
        ...new Set([...(subscriptions ?? []).map((s) => s.productId), ...payments.map((p) => p.productId)]),
      ])
    ).map((s) => [s.id, s.title]),
  );
  return {
    subscriptions: subscriptions?.map((s) => ({ ...s, title: titles.get(s.productId) ?? "Membership" })) ?? null,
    card: card ? { brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear } : null,
    payments: [
      ...payments.map((p) => ({
        id: p.id,
        title: titles.get(p.productId) ?? "A product no longer sold",
        amountCents: p.amountCents,
        at: p.purchasedAt,
        note: p.refundedInfo ? "refunded" : null,
      })),
      ...renewals.map((r) => {
        const sub = subscriptions?.find((s) => s.id === r.subscriptionId);
        return {
          id: r.id,
          title: `${sub ? (titles.get(sub.productId) ?? "Membership") : "Membership"} renewal`,
          amountCents: r.amountCents,
          at: r.createdAt,
          note: r.status === "paid" ? null : r.status,
        };
      }),
    ]
      .sort((a, b) => b.at - a.at)
      .map(({ at, ...p }) => ({ ...p, purchasedAt: new Date(at).toISOString() })),
    membershipStatus: user.membershipStatus,
  };
}

export async function membershipAction(app: AppContext, request: Request) {
  const user = await member(app, request);
  const submission = await parseSubmission(request, membershipFormSchema);
  const intent = submission.payload.intent;
  if (intent !== "cancel" && intent !== "refund") return data({ error: "Unknown action" }, { status: 400 });
  if (submission.status !== "success") {
    const first = Object.values(submission.error ?? {}).flat()[0];
    return data({ error: first ?? "Check the form and try again." }, { status: 400 });
  }
  const { value } = submission;
  const result =
    value.intent === "refund" ? await refund(app, user.id, value) : await cancelSubscription(app, user.id, value);
  if (!result.success) return data({ error: result.message }, { status: 400 });
  return redirectWithToast(request, "/account/membership", { kind: "success", title: result.message });
}
