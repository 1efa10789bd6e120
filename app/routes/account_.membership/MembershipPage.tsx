import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { formatCents } from "~/platform/format";
import { Button, ButtonLink } from "~/ui/Button";
import { RadioGroup } from "~/ui/Radio";
import { Textarea } from "~/ui/Textarea";
import { CANCEL_REASONS } from "~/features/subscriptions/schema";
import { MembershipUnread } from "~/features/subscriptions/components/MembershipUnread";
import type { SubscriptionView } from "~/features/subscriptions/subscriptions.server";

const day = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });

export interface MembershipPageData {
  /** null: they could not be read. */
  subscriptions: (SubscriptionView & { title: string })[] | null;
  card: { brand: string; last4: string; expMonth: number; expYear: number } | null;
  payments: { id: string; title: string; amountCents: number; purchasedAt: string; note: string | null }[];
  membershipStatus: string;
}

function stateText(s: NonNullable<MembershipPageData["subscriptions"]>[number]) {
  if (s.status === "canceled") return `Cancelled${s.canceledAt ? ` on ${day.format(new Date(s.canceledAt))}` : ""}`;
  if (s.trialDaysRemaining > 0)
    return `Free trial: ${s.trialDaysRemaining} ${s.trialDaysRemaining === 1 ? "day" : "days"} left`;
  if (s.cancelAtPeriodEnd) return `Ends on ${day.format(new Date(s.currentPeriodEnd))}`;
  if (s.status === "past_due") return "Payment overdue";
  return `Renews on ${day.format(new Date(s.currentPeriodEnd))}`;
}

/** /account/membership: the membership's state, the card, payments, and cancel or refund. */
export function MembershipPage({ subscriptions, card, payments }: MembershipPageData) {
  const actionData = useActionData<{ error?: string }>();
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  return (
    <div className="container cart-page membership-page">
      <p>
        <Link to="/account">Account settings</Link>
      </p>
      <h1>Membership and payments</h1>
      {actionData?.error ? (
        <p className="auth-form__error" role="alert">
          {actionData.error}
        </p>
      ) : null}
      {subscriptions === null ? (
        <MembershipUnread retryHref="/account/membership" />
      ) : subscriptions.length === 0 ? (
        <section className="cart-empty">
          <h2>You have no membership</h2>
          <p className="muted">A membership unlocks every class on the site.</p>
          <ButtonLink to="/classes/studio/membership" size="large">
            See the membership
          </ButtonLink>
        </section>
      ) : (
        subscriptions.map((s) => (
          <section key={s.id} className="pay-card membership-card" aria-labelledby={`sub-${s.id}`}>
            <h2 id={`sub-${s.id}`}>{s.title}</h2>
            <dl className="summary-lines">
              <div>
                <dt>Plan</dt>
                <dd>
                  {formatCents(s.priceCents)} a {s.interval}
                </dd>
              </div>
              <div>
                <dt>Status</dt>
                <dd>{stateText(s)}</dd>
              </div>
              {card ? (
                <div>
                  <dt>Card</dt>
                  <dd>
                    {card.brand} ending in {card.last4}, expires {String(card.expMonth).padStart(2, "0")}/
                    {String(card.expYear).slice(-2)}
                  </dd>
                </div>
              ) : null}
            </dl>
            {s.status !== "canceled" && !s.cancelAtPeriodEnd ? (
              <Form method="post" className="membership-form">
                <h3>Cancel membership</h3>
                <input type="hidden" name="intent" value="cancel" />
                <input type="hidden" name="subscriptionId" value={s.id} />
                <RadioGroup
                  legend="Why are you leaving?"
                  name="reason"
                  options={CANCEL_REASONS.map((r) => ({ value: r, label: r }))}
                  defaultValue="Other"
                />
                <Textarea label="Anything we could do better? (optional)" name="feedback" limit={2000} />
                <label className="checkbox">
                  <input type="checkbox" name="shouldUnenroll" value="true" defaultChecked /> End my access now
                  (otherwise it lasts until {day.format(new Date(s.currentPeriodEnd))})
                </label>
                <Button type="submit" variant="destructive" loading={busy("cancel")}>
                  Cancel membership
                </Button>
              </Form>
            ) : null}
            {s.refundable ? (
              <Form method="post" className="membership-form">
                <h3>Refund</h3>
                <p className="muted">
                  Within 30 days of buying you can have your payment back; your access ends at once.
                </p>
                <input type="hidden" name="intent" value="refund" />
                <input type="hidden" name="subscriptionId" value={s.id} />
                <input type="hidden" name="reason" value="Refund requested" />
                <Button type="submit" variant="secondary" loading={busy("refund")}>
                  Refund my membership
                </Button>
              </Form>
            ) : null}
          </section>
        ))
      )}
      <section aria-labelledby="payments-title" className="membership-payments">
        <h2 id="payments-title">Payments</h2>
        {payments.length === 0 ? (
          <p className="muted">No payments yet.</p>
        ) : (
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Item</th>
                <th scope="col">Amount</th>
              </tr>
            </thead>
            <tbody>
              {payments.map((p) => (
                <tr key={p.id}>
                  <td>{day.format(new Date(p.purchasedAt))}</td>
                  <td>{p.title}</td>
                  <td>
                    {formatCents(p.amountCents)}
                    {p.note ? ` (${p.note})` : ""}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
