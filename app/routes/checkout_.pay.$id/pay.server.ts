/**
 * /checkout/pay/{id} over HTTP: the embedded payment provider's card page exists only for local
 * checkouts, and only in development and the tests (the ordinary 404 in production, even for a
 * checkout it opened earlier). The card is checked and paid by features/checkout/pay.server.ts.
 */
import { data, redirect } from "@remix-run/cloudflare";
import { localCheckoutFor, payLocalCheckout, payPageView } from "~/features/checkout/pay.server";
import { cardFormSchema } from "~/features/checkout/schema";
import { requireBuyer } from "~/http/checkout.server";
import { parseSubmission } from "~/http/form.server";
import { redirectWithToast } from "~/http/toast.server";
import type { AppContext } from "~/platform/context";
import { notFound, notFoundOutsideDevelopment } from "~/platform/http.server";
import { ServiceError } from "~/platform/service-error";

const HIDDEN = ["number", "cvc"];

/** The buyer's open local checkout; a paid or closed one sends them on (thrown), another's is a 404. */
async function openCheckoutFor(app: AppContext, request: Request, id: string) {
  notFoundOutsideDevelopment(app.env);
  const user = await requireBuyer(app, request);
  const found = await localCheckoutFor(app, user, id).catch((error: unknown) => {
    if (error instanceof ServiceError && error.failure === "not-found") notFound(error.message);
    throw error;
  });
  if (found.kind === "closed") {
    if (!found.toast) throw redirect(found.href, 303);
    throw await redirectWithToast(request, found.href, found.toast);
  }
  return { user, session: found.session };
}

export async function loadPayPage(app: AppContext, request: Request, id: string) {
  const { user, session } = await openCheckoutFor(app, request, id);
  return payPageView(session, user);
}

export async function payAction(app: AppContext, request: Request, id: string) {
  const { session } = await openCheckoutFor(app, request, id);
  const submission = await parseSubmission(request, cardFormSchema);
  if (submission.status !== "success")
    return data({ result: submission.reply({ hideFields: HIDDEN }) }, { status: 400 });
  const outcome = await payLocalCheckout(app, session, submission.value);
  switch (outcome.kind) {
    case "closed":
      // Thrown, like the guard's: a Response is not data the page reads.
      throw await redirectWithToast(request, outcome.href, outcome.toast);
    case "card-declined": {
      const reply = outcome.field
        ? submission.reply({ fieldErrors: { [outcome.field]: [outcome.message] }, hideFields: HIDDEN })
        : submission.reply({ formErrors: [outcome.message], hideFields: HIDDEN });
      return data({ result: reply }, { status: 402 });
    }
    case "paid":
      return redirect(outcome.href, 303);
  }
}
