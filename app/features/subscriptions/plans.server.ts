/**
 * Membership plans at checkout: the annual plan first and chosen by default (spec 4 "Plans list"),
 * the monthly one as the alternative; a first-time member gets the plan's free trial.
 */
import { asc, eq, inArray } from "drizzle-orm";
import { membershipPlans, subscriptions, type MembershipPlanRow } from "~/db/schema";
import type { AppContext } from "~/platform/context";
import { orderPlans, type PlanInterval } from "./rules";

export interface PlanOption {
  id: string;
  interval: PlanInterval;
  priceCents: number;
  trialDays: number;
  selected: boolean;
}

export interface PlanChoice {
  productId: string;
  options: PlanOption[];
  chosen: PlanOption;
  /** Trial days this buyer gets (0 when they have been a member before). */
  trialDays: number;
}

/** The plans of these membership products, with the one ?plan= asks for (else the default) chosen. */
export async function choosePlans(
  app: AppContext,
  userId: string,
  productIds: string[],
  wanted: string | null,
): Promise<Map<string, PlanChoice>> {
  if (productIds.length === 0) return new Map();
  const [rows, history] = await Promise.all([
    app.db
      .select()
      .from(membershipPlans)
      .where(inArray(membershipPlans.productId, productIds))
      .orderBy(asc(membershipPlans.position)),
    app.db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1),
  ]);
  const firstTime = history.length === 0;
  const out = new Map<string, PlanChoice>();
  for (const productId of productIds) {
    const plans = orderPlans(rows.filter((r) => r.productId === productId));
    if (plans.length === 0) continue;
    const chosenRow = plans.find((p) => p.interval === wanted) ?? plans[0];
    const options = plans.map((p: MembershipPlanRow) => ({
      id: p.id,
      interval: p.interval,
      priceCents: p.priceCents,
      trialDays: p.trialDays,
      selected: p.id === chosenRow.id,
    }));
    const chosen = options.find((o) => o.selected)!;
    out.set(productId, { productId, options, chosen, trialDays: firstTime ? chosen.trialDays : 0 });
  }
  return out;
}
