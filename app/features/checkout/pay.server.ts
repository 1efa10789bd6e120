/**
 * /checkout/pay/{id}: the embedded payment provider's card page. It only exists for local checkouts,
 * and only in development and the tests (404 in production);
 * the card is checked with the test-card rules, a decline is shown and recorded on the checkout, and
 * a success runs the same fulfilment as Stripe's webhook.
 */
import { parseForm } from "~/platform/form.server";
import { data, redirect } from "@remix-run/cloudflare";
import { and, eq, ne } from "drizzle-orm";
import { checkoutSessions } from "~/db/schema";
import { EVENTS } from "~/features/analytics/events";
import { recordEvent } from "~/features/analytics/record.server";
import type { AppContext } from "~/platform/context";
import { formDataOf, isSecureRequest, notFound, notFoundOutsideDevelopment } from "~/platform/http.server";
import { setToastHeader } from "~/platform/toast.server";
import { staleCheckout } from "./order.server";
import { requireBuyer } from "./checkout.server";
import { fulfilCheckout, getCheckout } from "./fulfil.server";
import { cancelHref, parseExpiry, successHref, testCardOutcome } from "./rules";
import { cardFormSchema } from "./schema";

async function localCheckoutFor(app: AppContext, request: Request, id: string) {
  // The embedded provider never takes a card in production, even for a checkout it opened earlier.
  notFoundOutsideDevelopment(app.env);
  const user = await requireBuyer(app, request);
  const session = await getCheckout(app, id);
  if (!session || session.userId !== user.id || session.provider !== "local") notFound("No such checkout");
  if (session.status === "complete") throw redirect(successHref(session), 303);
  if (session.status === "expired") {
    const toast = await setToastHeader(
      {
        kind: "info",
        title: session.lastError ?? "This checkout has closed.",
        description: "Nothing was charged. Review your order and pay again.",
      },
      isSecureRequest(request),
    );
    throw redirect(cancelHref(session), { status: 303, headers: { "Set-Cookie": toast } });
  }
  return { user, session };
}

export async function loadPayPage(app: AppContext, request: Request, id: string) {
  const { user, session } = await localCheckoutFor(app, request, id);
  return {
    session: {
      id: session.id,
      lines: session.lines,
      subtotalCents: session.subtotalCents,
      discountCents: session.discountCents,
      discountCode: session.discountCode,
      creditCents: session.creditCents,
      totalCents: session.totalCents,
      lastError: session.lastError,
    },
    cancelHref: cancelHref(session),
    email: user.email,
  };
}

export async function payAction(app: AppContext, request: Request, id: string) {
  const { session } = await localCheckoutFor(app, request, id);
  const formData = (await formDataOf(request)) ?? new FormData();
  const submission = parseForm(formData, { schema: cardFormSchema });
  if (submission.status !== "success")
    return data({ result: submission.reply({ hideFields: ["number", "cvc"] }) }, { status: 400 });
  const stale = await staleCheckout(app, session);
  if (stale) {
    await app.db
      .update(checkoutSessions)
      .set({ status: "expired", voidedAt: app.now, lastError: stale })
      .where(and(eq(checkoutSessions.id, session.id), ne(checkoutSessions.status, "complete")));
    const headers = new Headers({
      "Set-Cookie": await setToastHeader(
        {
          kind: "error",
          title: stale,
          description: "This checkout was closed; nothing was charged. Review your order.",
        },
        isSecureRequest(request),
      ),
    });
    return redirect(cancelHref(session), { status: 303, headers });
  }
  const expiry = parseExpiry(submission.value.expiry)!;
  const outcome = testCardOutcome({ number: submission.value.number, ...expiry }, new Date(app.now));
  if (!outcome.ok) {
    await app.db
      .update(checkoutSessions)
      .set({ lastError: outcome.message })
      .where(eq(checkoutSessions.id, session.id));
    recordEvent(
      app,
      EVENTS.paymentSubmitFailure,
      { userId: session.userId },
      { checkoutSessionId: session.id, error: outcome.message, provider: "local" },
    );
    const reply = outcome.field
      ? submission.reply({ fieldErrors: { [outcome.field]: [outcome.message] }, hideFields: ["number", "cvc"] })
      : submission.reply({ formErrors: [outcome.message], hideFields: ["number", "cvc"] });
    return data({ result: reply }, { status: 402 });
  }
  recordEvent(
    app,
    EVENTS.paymentSubmitSuccess,
    { userId: session.userId },
    { checkoutSessionId: session.id, provider: "local" },
  );
  const fulfilled = await fulfilCheckout(app, session.id, {
    card: { brand: outcome.brand, last4: outcome.last4, ...expiry },
  });
  if (fulfilled.status === "declined") {
    // It lost its credit or code to another checkout in the last moment: the card is not charged.
    const headers = new Headers({
      "Set-Cookie": await setToastHeader(
        {
          kind: "error",
          title: fulfilled.reason,
          description: "This checkout was closed; nothing was charged. Review your order.",
        },
        isSecureRequest(request),
      ),
    });
    return redirect(cancelHref(session), { status: 303, headers });
  }
  return redirect(successHref(session), 303);
}
