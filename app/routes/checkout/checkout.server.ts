/**
 * /checkout over HTTP: the order summary (with this visitor's offer cookies), the discount code and
 * 'Pay', which freezes the order into a checkout session (features/checkout) and sends the buyer to
 * the payments adapter; and the receipt page's loader. Signed-out buyers are sent to sign up first.
 */
import { data, redirect } from "@remix-run/cloudflare";
import type { UserRow } from "~/db/schema";
import { checkoutByProviderSession, getCheckout } from "~/features/checkout/fulfil.server";
import {
  confirmWithProvider,
  openCheckout,
  orderView,
  type CheckoutActionData,
} from "~/features/checkout/checkout.server";
import { buildOrder, normaliseCode } from "~/features/checkout/order.server";
import { codeFormSchema, payFormSchema } from "~/features/checkout/schema";
import { requireBuyer, visitMarksOf } from "~/http/checkout.server";
import { readOffers, withOfferCookies } from "~/http/offers.server";
import { paymentsMode } from "~/platform/adapters/payments/payments.server";
import type { AppContext } from "~/platform/context";
import { randomHex } from "~/platform/crypto.server";
import { parseForm } from "~/platform/form.server";
import { formDataOf } from "~/platform/http.server";

export async function loadCheckout(app: AppContext, request: Request) {
  const user = await requireBuyer(app, request);
  const url = new URL(request.url);
  const offers = readOffers(app, request, user);
  const order = await buildOrder(app, offers, user, url.searchParams);
  return withOfferCookies(offers, {
    ...orderView(order),
    query: url.search,
    idempotencyKey: randomHex(16),
    provider: paymentsMode(app.env),
    email: user.email,
    now: app.now,
  });
}

export async function checkoutAction(app: AppContext, request: Request) {
  const user = await requireBuyer(app, request);
  const url = new URL(request.url);
  const formData = (await formDataOf(request)) ?? new FormData();
  const intent = formData.get("intent");
  if (intent === "apply-code") {
    const submission = parseForm(formData, { schema: codeFormSchema });
    if (submission.status !== "success")
      return data<CheckoutActionData>(
        { codeError: submission.error?.code?.[0] ?? "Enter a discount code." },
        { status: 400 },
      );
    url.searchParams.set("code", normaliseCode(submission.value.code));
    const order = await buildOrder(app, readOffers(app, request, user), user, url.searchParams);
    if (order.discount?.problem)
      return data<CheckoutActionData>({ codeError: order.discount.problem }, { status: 400 });
    return redirect(`/checkout${url.search}`, 303);
  }
  if (intent === "remove-code") {
    url.searchParams.delete("code");
    return redirect(`/checkout${url.search}`, 303);
  }
  const submission = parseForm(formData, { schema: payFormSchema });
  if (submission.status !== "success")
    return data<CheckoutActionData>({ formError: "Reload the page and try again." }, { status: 400 });
  return startCheckout(app, request, user, url, submission.value.idempotencyKey);
}

async function startCheckout(app: AppContext, request: Request, user: UserRow, url: URL, idempotencyKey: string) {
  const order = await buildOrder(app, readOffers(app, request, user), user, url.searchParams);
  const opened = await openCheckout(app, visitMarksOf(request), user, order, { idempotencyKey, url });
  if (opened.ok) return redirect(opened.url, 303);
  return data<CheckoutActionData>(
    { formError: opened.formError, codeError: opened.codeError },
    { status: opened.status },
  );
}

/**
 * /checkout/success?session_id=: the buyer's receipt page. It also asks the provider whether an
 * open checkout was paid, so a buyer whose webhook is late still gets the class.
 */
export async function loadSuccess(app: AppContext, request: Request) {
  const user = await requireBuyer(app, request);
  const id = new URL(request.url).searchParams.get("session_id") ?? "";
  const found = (await getCheckout(app, id)) ?? (await checkoutByProviderSession(app, id));
  if (!found || found.userId !== user.id) return null;
  const session = await confirmWithProvider(app, found);
  return {
    session: {
      id: session.id,
      status: session.status,
      lines: session.lines,
      totalCents: session.totalCents,
      creditCents: session.creditCents,
      discountCents: session.discountCents,
      discountCode: session.discountCode,
    },
    email: user.email,
  };
}
