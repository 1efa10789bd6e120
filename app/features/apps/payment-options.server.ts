/**
 * An app's plans for its end users: GET /api/payments/payment-options/{storefrontSlug}/{appSlug},
 * the plans the landing page (and the onboarding's plan page) shows through PlanPicker, the user's
 * active plan, and buying one (POST /api/payments/create-checkout-session and the page form
 * /apps/{sf}/{app}/buy) through openDirectCheckout with an 'app-plan' line. Prices always come from
 * the app's PUBLISHED pricing, never from the client.
 */
import { and, desc, eq, gt } from "drizzle-orm";
import { appSubscriptions, type AppRow, type UserRow } from "~/db/schema";
import { openDirectCheckout, type CheckoutVisit } from "~/features/checkout/direct.server";
import type { Opened } from "~/features/checkout/checkout.server";
import { paymentsMode } from "~/platform/adapters/payments/payments.server";
import type { AppContext } from "~/platform/context";
import { appBySlugs, publicAppBySlugs } from "./apps.server";
import { PLAN_DEFAULTS } from "~/db/app-content";
import {
  buildPaymentOptions,
  normalisePaymentOptionsResponse,
  parsePriceOptionId,
  planPriceCents,
  type PaymentOption,
  type PaymentOptionsResponse,
  type PlanInterval,
} from "./payment-options";
import { isPubliclyVisible } from "./rules";

/** The server's payment options for a published app (null when the public cannot see the app). */
export type PublicAppView = Pick<AppRow, "id" | "name" | "storefrontSlug" | "appSlug" | "isPublished" | "published"> & {
  /** The blueprint's usual plan length in weeks (absent: the spec's default). */
  programWeeks?: number | null;
};

export function paymentOptionsFor(app: AppContext, row: PublicAppView): PaymentOptionsResponse | null {
  if (!isPubliclyVisible(row)) return null;
  return buildPaymentOptions({ id: row.id, name: row.name }, row.published!.pricing, {
    now: app.now,
    paymentProcessor: paymentsMode(app.env),
    programWeeks: row.programWeeks ?? PLAN_DEFAULTS.programLengthWeeks,
  });
}

export interface ActiveAppPlan {
  interval: PlanInterval;
  priceCents: number;
  currentPeriodEnd: number;
}

export async function activeAppPlan(app: AppContext, appId: string, userId: string): Promise<ActiveAppPlan | null> {
  const row = await app.db
    .select({
      interval: appSubscriptions.interval,
      priceCents: appSubscriptions.priceCents,
      currentPeriodEnd: appSubscriptions.currentPeriodEnd,
    })
    .from(appSubscriptions)
    .where(
      and(
        eq(appSubscriptions.appId, appId),
        eq(appSubscriptions.userId, userId),
        eq(appSubscriptions.status, "active"),
        gt(appSubscriptions.currentPeriodEnd, app.now),
      ),
    )
    .orderBy(desc(appSubscriptions.currentPeriodEnd))
    .get();
  return row ?? null;
}

export interface AppPlans {
  storefrontSlug: string;
  appSlug: string;
  appName: string;
  /** Normalised and ordered by the plans-list rule: the annual plan first and selected. */
  plans: PaymentOption[];
  selectPlanText: string;
  transformationPromiseByDate: string;
  /** The user's active plan for this app: show it instead of the picker. */
  activePlan: ActiveAppPlan | null;
  /** A fresh key for the buy form: a double click opens one checkout. */
  idempotencyKey: string;
}

/**
 * What a page needs to show an app's plans (PlanPicker): `app` is the request's AppContext; the
 * app is looked up by its slugs. Null when the app is not publicly visible.
 */
export async function loadAppPlans(
  app: AppContext,
  storefrontSlug: string,
  appSlug: string,
  userId?: string | null,
): Promise<AppPlans | null> {
  const row = await publicAppBySlugs(app, storefrontSlug, appSlug);
  return row ? appPlansFor(app, row, userId) : null;
}

/** loadAppPlans for an app already read (the landing page's cached snapshot). */
export async function appPlansFor(
  app: AppContext,
  row: PublicAppView,
  userId?: string | null,
): Promise<AppPlans | null> {
  const { storefrontSlug, appSlug } = row;
  const response = paymentOptionsFor(app, row);
  if (!response) return null;
  const normalised = normalisePaymentOptionsResponse(response);
  return {
    storefrontSlug,
    appSlug,
    appName: row.name,
    plans: normalised.ok ? normalised.plans : [],
    selectPlanText: response.selectPlanText,
    transformationPromiseByDate: response.transformationPromiseByDate,
    activePlan: userId ? await activeAppPlan(app, row.id, userId) : null,
    idempotencyKey: crypto.randomUUID().replaceAll("-", ""),
  };
}

export const appPaths = (storefrontSlug: string, appSlug: string) => {
  const base = `/apps/${storefrontSlug}/${appSlug}`;
  return {
    landing: base,
    success: `${base}?purchased=1`,
    cancel: `${base}#plans`,
    buy: `${base}/buy`,
    onboarding: `${base}/onboarding`,
  };
};

export type BuyResult = Opened | { ok: false; status: 400 | 404; formError: string };

/**
 * Opens a checkout for one plan of a published app. The price option must be one of this app's
 * (`${appId}:month|year`) and the app must sell it; its price is the published price.
 */
export async function buyAppPlan(
  app: AppContext,
  visit: CheckoutVisit,
  user: UserRow,
  input: {
    storefrontSlug: string;
    appSlug: string;
    priceOptionId: string;
    idempotencyKey?: string;
    successPath?: string | null;
    cancelPath?: string | null;
  },
): Promise<BuyResult> {
  const row = await appBySlugs(app, input.storefrontSlug, input.appSlug);
  if (!row || !isPubliclyVisible(row)) return { ok: false, status: 404, formError: "App not found" };
  const option = parsePriceOptionId(input.priceOptionId);
  const priceCents = option && option.appId === row.id ? planPriceCents(row.published!.pricing, option.interval) : null;
  if (!option || priceCents === null) return { ok: false, status: 400, formError: "Choose one of this app's plans" };
  const paths = appPaths(row.storefrontSlug, row.appSlug);
  const interval = option.interval;
  const planName =
    interval === "month" ? "monthly" : row.published!.pricing.annualDurationUnit === "months" ? "12-month" : "annual";
  return openDirectCheckout(app, visit, user, {
    line: {
      productId: input.priceOptionId.trim().toLowerCase(),
      kind: "app-plan",
      title: `${row.name} — ${planName} plan`,
      priceCents,
      crossedPriceCents: null,
      appId: row.id,
      interval,
    },
    successPath: input.successPath ?? paths.success,
    cancelPath: input.cancelPath ?? paths.cancel,
    idempotencyKey: input.idempotencyKey ?? `app-plan:${user.id}:${row.id}:${interval}:${crypto.randomUUID()}`,
  });
}
