/**
 * App payment options (learner-and-platform spec 3 "Payment option (normalised)", "Payment options
 * response", spec 4 "Plans list"): what GET /api/payments/payment-options/{storefrontSlug}/{appSlug}
 * answers, built from an app's PUBLISHED pricing, and the pure normalisation every page applies to it.
 * Pure: no I/O, unit-tested.
 */
import { longDateText } from "~/platform/format";
import type { Pricing } from "~/db/app-content";

export type DurationUnit = "weeks" | "months" | "years";

/** One option as the server sends it (any field may be missing). Prices in cents unless prices_in_cents is false. */
export interface RawPaymentOption {
  id?: string;
  price?: number;
  currency?: string;
  duration?: number;
  durationUnit?: string;
  monthlyPrice?: number;
  description?: string;
  displayName?: string;
  features?: string[];
  planCategory?: string;
  appId?: string;
  priceId?: string;
  isRecurring?: boolean;
  paymentProcessor?: string;
  /** The plan the asking user already holds (?user_id= of the caller themself). */
  isCurrentPlan?: boolean;
}

/** One option after normalisation: prices in dollars. */
export interface PaymentOption {
  id: string;
  price: number;
  currency: string;
  duration: number;
  durationUnit: DurationUnit;
  monthlyPrice: number;
  selected: boolean;
  description: string;
  features: string[];
  planCategory: string;
  displayName: string;
  appId: string;
  priceId: string;
  isRecurring: boolean;
  paymentProcessor: string;
}

export interface PaymentOptionsResponse {
  payment_options: RawPaymentOption[];
  transformation_date: string | null;
  selectPlanText: string;
  transformationPromiseByDate: string;
  transformationBubbleText: string;
  continuousAnnualPromise: string;
  prices_in_cents: boolean;
  defaultSelectedId: string | null;
  /** The plan the asking user holds and until when (ISO), or null: asked with ?user_id= of the caller. */
  current_plan?: { id: string; current_period_end: string } | null;
}

export const PAYMENT_OPTION_DEFAULTS = {
  duration: 6,
  durationUnit: "weeks" as DurationUnit,
  currency: "USD",
  description: "6-Week Transformation Plan",
};

export const PAYMENT_MESSAGES = {
  fetchFailed: "Failed to fetch payment options",
  createFailed: "Failed to create checkout session",
  invalid: "Invalid response format",
} as const;

const DURATION_UNITS: DurationUnit[] = ["weeks", "months", "years"];

/** A duration in months: weeks / 4, months as is, years × 12. */
export function durationInMonths(duration: number, unit: DurationUnit): number {
  if (unit === "weeks") return duration / 4;
  if (unit === "years") return duration * 12;
  return duration;
}

export const roundCents = (dollars: number) => Math.round(dollars * 100) / 100;

const finite = (n: unknown): n is number => typeof n === "number" && Number.isFinite(n);
const text = (s: unknown): s is string => typeof s === "string" && s.trim().length > 0;

/**
 * Spec "Payment option (normalised)": defaults duration 6, durationUnit weeks, currency USD,
 * description = displayName or description or '6-Week Transformation Plan'; monthlyPrice from the
 * server, or price / duration in months, rounded to cents; prices divided by 100 when in cents.
 */
export function normalisePaymentOption(raw: RawPaymentOption, pricesInCents = true): PaymentOption {
  const scale = pricesInCents ? 100 : 1;
  const price = finite(raw.price) ? roundCents(raw.price / scale) : 0;
  const duration = finite(raw.duration) && raw.duration > 0 ? raw.duration : PAYMENT_OPTION_DEFAULTS.duration;
  const durationUnit = DURATION_UNITS.includes(raw.durationUnit as DurationUnit)
    ? (raw.durationUnit as DurationUnit)
    : PAYMENT_OPTION_DEFAULTS.durationUnit;
  const monthlyPrice = finite(raw.monthlyPrice)
    ? roundCents(raw.monthlyPrice / scale)
    : roundCents(price / durationInMonths(duration, durationUnit));
  const id = text(raw.id) ? raw.id : "";
  return {
    id,
    price,
    currency: text(raw.currency) ? raw.currency.toUpperCase() : PAYMENT_OPTION_DEFAULTS.currency,
    duration,
    durationUnit,
    monthlyPrice,
    selected: false,
    description: text(raw.displayName)
      ? raw.displayName
      : text(raw.description)
        ? raw.description
        : PAYMENT_OPTION_DEFAULTS.description,
    features: Array.isArray(raw.features) ? raw.features.filter(text) : [],
    planCategory: text(raw.planCategory) ? raw.planCategory : "",
    displayName: text(raw.displayName) ? raw.displayName : "",
    appId: text(raw.appId) ? raw.appId : "",
    priceId: text(raw.priceId) ? raw.priceId : id,
    isRecurring: raw.isRecurring === true,
    paymentProcessor: text(raw.paymentProcessor) ? raw.paymentProcessor : "",
  };
}

const isOneYear = (o: PaymentOption) => o.duration === 1 && o.durationUnit === "years";
const isTwelveMonths = (o: PaymentOption) => o.duration === 12 && o.durationUnit === "months";

/**
 * Spec "Plans list": the 1-year plan (failing that the 12-month plan) moves to the top and is
 * selected; otherwise the first option is selected. (A server defaultSelectedId exists; the spec
 * leaves precedence open: ours is that the annual rule wins, and defaultSelectedId only picks among
 * plans when there is no annual plan.)
 */
export function plansList(options: PaymentOption[], defaultSelectedId: string | null = null): PaymentOption[] {
  const list = options.map((o) => ({ ...o, selected: false }));
  const annual = list.findIndex(isOneYear) >= 0 ? list.findIndex(isOneYear) : list.findIndex(isTwelveMonths);
  if (annual >= 0) {
    const [top] = list.splice(annual, 1);
    return [{ ...top!, selected: true }, ...list];
  }
  const byServer = defaultSelectedId ? list.findIndex((o) => o.id === defaultSelectedId) : -1;
  const chosen = byServer >= 0 ? byServer : 0;
  return list.map((o, i) => (i === chosen ? { ...o, selected: true } : o));
}

/** The whole answer normalised; an answer that is not an object with a payment_options array is 'Invalid response format'. */
export function normalisePaymentOptionsResponse(
  raw: unknown,
):
  | { ok: true; plans: PaymentOption[]; info: Omit<PaymentOptionsResponse, "payment_options"> }
  | { ok: false; error: string } {
  if (!raw || typeof raw !== "object" || !Array.isArray((raw as { payment_options?: unknown }).payment_options))
    return { ok: false, error: PAYMENT_MESSAGES.invalid };
  const r = raw as Partial<PaymentOptionsResponse>;
  const pricesInCents = r.prices_in_cents !== false;
  const options = (r.payment_options as unknown[])
    .filter((o): o is RawPaymentOption => !!o && typeof o === "object")
    .map((o) => normalisePaymentOption(o, pricesInCents));
  return {
    ok: true,
    plans: plansList(options, r.defaultSelectedId ?? null),
    info: {
      transformation_date: r.transformation_date ?? null,
      selectPlanText: r.selectPlanText ?? "",
      transformationPromiseByDate: r.transformationPromiseByDate ?? "",
      transformationBubbleText: r.transformationBubbleText ?? "",
      continuousAnnualPromise: r.continuousAnnualPromise ?? "",
      prices_in_cents: pricesInCents,
      defaultSelectedId: r.defaultSelectedId ?? null,
    },
  };
}

export type PlanInterval = "month" | "year";

export const priceOptionId = (appId: string, interval: PlanInterval) => `${appId}:${interval}`;

/** `${appId}:month` / `${appId}:year` → its parts, or null. */
export function parsePriceOptionId(id: string): { appId: string; interval: PlanInterval } | null {
  const match = /^([0-9a-f-]{36}):(month|year)$/i.exec(id.trim());
  return match ? { appId: match[1]!.toLowerCase(), interval: match[2] as PlanInterval } : null;
}

/** What an app's public pages say where its plans would be, when it sells none (PlanPicker). */
export const NO_PLANS_TEXT = "Plans for this app are coming soon.";

/** Whether the pricing sells any plan (a monthly or an annual price above zero). */
export function sellsAPlan(pricing: Pricing | null | undefined): boolean {
  return planPriceCents(pricing, "month") !== null || planPriceCents(pricing, "year") !== null;
}

/** What one plan of a published app costs, in cents (never from the client). Null when the app does not sell it. */
export function planPriceCents(pricing: Pricing | null | undefined, interval: PlanInterval): number | null {
  const cents = interval === "month" ? pricing?.monthlyPrice : pricing?.annualPrice;
  return typeof cents === "number" && cents > 0 ? cents : null;
}

/**
 * The server's answer for an app: a monthly option (1 month) and an annual one (1 year, or 12 months
 * when annualDurationUnit is 'months'), in cents, from the app's published pricing.
 */
export function buildPaymentOptions(
  app: { id: string; name: string },
  pricing: Pricing | null | undefined,
  { now, paymentProcessor, programWeeks = 6 }: { now: number; paymentProcessor: string; programWeeks?: number },
): PaymentOptionsResponse {
  const options: RawPaymentOption[] = [];
  const monthly = planPriceCents(pricing, "month");
  const annual = planPriceCents(pricing, "year");
  if (monthly !== null) {
    const id = priceOptionId(app.id, "month");
    options.push({
      id,
      price: monthly,
      currency: "USD",
      duration: 1,
      durationUnit: "months",
      monthlyPrice: monthly,
      displayName: "Monthly",
      description: `${app.name}, billed every month`,
      features: ["Your personalized plan", "Every week's sessions", "Cancel any time"],
      planCategory: "monthly",
      appId: app.id,
      priceId: id,
      isRecurring: true,
      paymentProcessor,
    });
  }
  if (annual !== null) {
    const id = priceOptionId(app.id, "year");
    const inMonths = pricing?.annualDurationUnit === "months";
    options.push({
      id,
      price: annual,
      currency: "USD",
      duration: inMonths ? 12 : 1,
      durationUnit: inMonths ? "months" : "years",
      monthlyPrice: Math.round(annual / 12),
      displayName: inMonths ? "12 months" : "Annual",
      description: `${app.name}, billed every ${inMonths ? "12 months" : "year"}`,
      features: ["Your personalized plan", "Every week's sessions", "A fresh plan whenever you want one", "Best value"],
      planCategory: "annual",
      appId: app.id,
      priceId: id,
      isRecurring: true,
      paymentProcessor,
    });
  }
  const target = now + programWeeks * 7 * 86_400_000;
  return {
    payment_options: options,
    transformation_date: new Date(target).toISOString().slice(0, 10),
    selectPlanText: "Choose your plan",
    transformationPromiseByDate: `Reach your goal by ${longDateText(target)}`,
    transformationBubbleText: `${programWeeks} weeks to your goal`,
    continuousAnnualPromise: "Keep improving all year with a fresh plan whenever you want one",
    prices_in_cents: true,
    defaultSelectedId:
      annual !== null ? priceOptionId(app.id, "year") : monthly !== null ? priceOptionId(app.id, "month") : null,
  };
}

/**
 * The options as the user who holds a plan sees them: their plan marked (isCurrentPlan) and selected
 * (defaultSelectedId), and current_plan saying until when. A held plan no longer on sale is still
 * named in current_plan, and nothing is marked.
 */
export function markHeldPlan(
  response: PaymentOptionsResponse,
  appId: string,
  held: { interval: PlanInterval; currentPeriodEnd: number } | null,
): PaymentOptionsResponse {
  if (!held) return { ...response, current_plan: null };
  const id = priceOptionId(appId, held.interval);
  const onSale = response.payment_options.some((o) => o.id === id);
  return {
    ...response,
    payment_options: response.payment_options.map((o) => ({ ...o, isCurrentPlan: o.id === id })),
    defaultSelectedId: onSale ? id : response.defaultSelectedId,
    current_plan: { id, current_period_end: new Date(held.currentPeriodEnd).toISOString() },
  };
}

/** "$8.25" for a dollar amount. */
export function formatDollars(dollars: number, currency = "USD"): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(dollars);
}

/** "1 year", "12 months", "6 weeks". */
export function durationLabel(duration: number, unit: DurationUnit): string {
  const singular = unit.slice(0, -1);
  return `${duration} ${duration === 1 ? singular : unit}`;
}
