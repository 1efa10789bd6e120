// Helpers for the commerce integration tests: a tiny cookie-keeping browser that talks to the built
// worker through call(), and D1 look-ups for carts, checkouts and purchases.
import { env } from "cloudflare:test";
import { expect } from "vitest";
import { readToast, type Toast } from "~/platform/toast.server";
import { call } from "./app-context";

export const ORIGIN = "http://127.0.0.1:8787";
export const PASSWORD = "commerce password";

export type Fields = Record<string, string | string[] | undefined>;

/** Form fields as a urlencoded body; arrays repeat the name (productId=a&productId=b). */
export function formBody(fields: Fields): URLSearchParams {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) body.append(name, v);
  }
  return body;
}

/**
 * A browser: keeps the cookies the worker sets, sends them back, and posts with our own Origin (a
 * cross-site post is refused with 403). Every answer is checked to be below 500.
 */
export class Browser {
  readonly jar = new Map<string, string>();

  constructor(cookies: Record<string, string> = {}) {
    for (const [name, value] of Object.entries(cookies)) this.jar.set(name, value);
  }

  cookie(name: string): string | undefined {
    return this.jar.get(name);
  }

  setCookie(name: string, value: string | null) {
    if (value === null) this.jar.delete(name);
    else this.jar.set(name, value);
  }

  get cookieHeader(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const method = (init.method ?? "GET").toUpperCase();
    const headers = new Headers(init.headers);
    if (this.jar.size > 0 && !headers.has("Cookie")) headers.set("Cookie", this.cookieHeader);
    // A browser's post names its origin and, like every request, its host (Remix compares the two).
    if (method !== "GET" && method !== "HEAD" && !headers.has("Origin")) headers.set("Origin", ORIGIN);
    if (!headers.has("Host")) headers.set("Host", new URL(ORIGIN).host);
    const response = await call(path, { ...init, method, headers });
    expect(response.status, `${method} ${path} answered ${response.status}`).toBeLessThan(500);
    this.absorb(response);
    return response;
  }

  /** Applies a response's Set-Cookie headers to the jar (Max-Age=0 deletes). */
  absorb(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired =
        attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) ||
        attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || value === "") this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  get(path: string, headers: HeadersInit = {}) {
    return this.fetch(path, { headers });
  }

  post(path: string, fields: Fields, headers: Record<string, string> = {}) {
    return this.fetch(path, {
      method: "POST",
      body: formBody(fields),
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    });
  }

  postJson(path: string, body: unknown, headers: Record<string, string> = {}) {
    return this.fetch(path, {
      method: "POST",
      body: typeof body === "string" ? body : JSON.stringify(body),
      headers: { "Content-Type": "application/json", ...headers },
    });
  }

  /** The flash toast the last action set (read once: it is taken out of the jar). */
  async toast(): Promise<Toast | null> {
    const raw = this.jar.get("studio_toast");
    if (!raw) return null;
    this.jar.delete("studio_toast");
    return (await readToast(new Request(ORIGIN, { headers: { Cookie: `studio_toast=${raw}` } }))).toast;
  }

  /** The cart form (POST /cart), as every cart button sends it. */
  cart(intent: string, productId?: string | string[], page?: string) {
    return this.post("/cart", { intent, productId, page });
  }
}

export const uniqueEmail = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.com`;

/** A new account (signed in): the browser holds its session cookie. */
export async function signUp(
  prefix: string,
  browser = new Browser(),
): Promise<{ browser: Browser; email: string; userId: string }> {
  const email = uniqueEmail(prefix);
  const response = await browser.post("/auth/create-account", {
    email,
    firstName: "Cora",
    lastName: "Merce",
    password: PASSWORD,
  });
  expect(response.status).toBe(303);
  expect(browser.cookie("studio_session")).toBeTruthy();
  const row = await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<{ id: string }>();
  return { browser, email, userId: row!.id };
}

export async function logIn(browser: Browser, email: string, password = PASSWORD): Promise<Response> {
  const response = await browser.post("/auth/login", { email, password });
  expect(response.status).toBe(303);
  return response;
}

export interface CatalogueProduct {
  id: string;
  title: string;
  kind: string;
  storefrontSlug: string;
  classSlug: string;
  priceCents: number;
  crossedPriceCents: number | null;
  offerEndsAt: number | null;
  href: string;
}

export async function product(classSlug: string): Promise<CatalogueProduct> {
  const row = await env.DB.prepare(
    `SELECT id, title, kind, storefront_slug AS storefrontSlug, class_slug AS classSlug, price_cents AS priceCents,
            crossed_price_cents AS crossedPriceCents, crossed_price_applicable_from AS offerEndsAt
     FROM products WHERE class_slug = ?`,
  )
    .bind(classSlug)
    .first<Omit<CatalogueProduct, "href">>();
  expect(row, `product ${classSlug}`).toBeTruthy();
  return { ...row!, href: `/classes/${row!.storefrontSlug}/${row!.classSlug}` };
}

export async function collectionBySlug(slug: string): Promise<{ id: string; priceCents: number; items: string[] }> {
  const row = await env.DB.prepare("SELECT id, price_cents AS priceCents FROM collections WHERE slug = ?")
    .bind(slug)
    .first<{ id: string; priceCents: number }>();
  const { results } = await env.DB.prepare(
    "SELECT product_id AS id FROM collection_items WHERE collection_id = ? ORDER BY position",
  )
    .bind(row!.id)
    .all<{ id: string }>();
  return { ...row!, items: results.map((r) => r.id) };
}

export async function cartRow(
  ownerId: string,
): Promise<{ items: string[]; userId: string | null; buyNow: string | null; version: number } | null> {
  const row = await env.DB.prepare(
    "SELECT items, user_id AS userId, buy_now_product_id AS buyNow, version FROM carts WHERE owner_id = ?",
  )
    .bind(ownerId)
    .first<{ items: string; userId: string | null; buyNow: string | null; version: number }>();
  return row ? { ...row, items: JSON.parse(row.items) as string[] } : null;
}

export async function cartItems(ownerId: string): Promise<string[] | null> {
  return (await cartRow(ownerId))?.items ?? null;
}

export async function count(sql: string, ...binds: unknown[]): Promise<number> {
  return (await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>())!.n;
}

export interface CheckoutRow {
  id: string;
  status: string;
  lines: { productId: string; kind: string; title: string; priceCents: number }[];
  subtotalCents: number;
  discountCode: string | null;
  discountCents: number;
  creditCents: number;
  totalCents: number;
  paymentInfo: Record<string, string>;
  lastError: string | null;
}

export async function checkoutRow(id: string): Promise<CheckoutRow | null> {
  const row = await env.DB.prepare(
    `SELECT id, status, lines, subtotal_cents AS subtotalCents, discount_code AS discountCode, discount_cents AS discountCents,
            credit_cents AS creditCents, total_cents AS totalCents, payment_info AS paymentInfo, last_error AS lastError
     FROM checkout_sessions WHERE id = ?`,
  )
    .bind(id)
    .first<Omit<CheckoutRow, "lines" | "paymentInfo"> & { lines: string; paymentInfo: string }>();
  return row ? { ...row, lines: JSON.parse(row.lines), paymentInfo: JSON.parse(row.paymentInfo) } : null;
}

export async function purchasesOf(
  userId: string,
): Promise<{ productId: string; amountCents: number; checkoutSessionId: string; kind: string }[]> {
  const { results } = await env.DB.prepare(
    "SELECT product_id AS productId, amount_cents AS amountCents, checkout_session_id AS checkoutSessionId, kind FROM purchases WHERE user_id = ? ORDER BY product_id",
  )
    .bind(userId)
    .all<{ productId: string; amountCents: number; checkoutSessionId: string; kind: string }>();
  return results;
}

export async function monthlyCredit(userId: string): Promise<unknown> {
  const row = await env.DB.prepare(
    "SELECT json_extract(monthly_credit_info, '$.monthlyCredit') AS credit FROM users WHERE id = ?",
  )
    .bind(userId)
    .first<{ credit: unknown }>();
  return row?.credit ?? null;
}

export async function setMonthlyCredit(userId: string, dollars: number) {
  await env.DB.prepare("UPDATE users SET monthly_credit_info = ? WHERE id = ?")
    .bind(JSON.stringify({ monthlyCredit: dollars }), userId)
    .run();
}

export const receipts = (email: string) =>
  count(`SELECT count(*) AS n FROM outbox_emails WHERE "to" = ? AND subject LIKE '%receipt%'`, email);

/** The page's HTML with React's text separators removed, so "−<!-- -->$10.00" reads "−$10.00". */
export async function html(response: Response): Promise<string> {
  return (await response.text()).replaceAll("<!-- -->", "");
}

export function idempotencyKeyOf(page: string): string {
  const match = page.match(/name="idempotencyKey" value="([^"]+)"/);
  expect(match, "the checkout page carries an idempotency key").toBeTruthy();
  return match![1];
}

/** The summary's Total line ("$59.00"). */
export function totalOf(page: string): string | null {
  return page.match(/summary-lines__total"><dt>Total<\/dt><dd>([^<]+)<\/dd>/)?.[1] ?? null;
}

/** The class page's main price tag: the price and, while an offer shows, the crossed-out regular price. */
export function mainPriceOf(page: string): { price: string; crossed: string | null } {
  const tag = page.match(/<p class="price-tag price-tag--large">(.*?)<\/p>/)?.[1];
  expect(tag, "the class page shows its price").toBeTruthy();
  const price = tag!.match(/price-tag__price"><span class="visually-hidden">[^<]*<\/span>([^<]+)<\/span>/)![1];
  const crossed =
    tag!.match(/price-tag__crossed"><span class="visually-hidden">[^<]*<\/span>([^<]+)<\/s>/)?.[1] ?? null;
  return { price, crossed };
}

export const dollars = (cents: number) => `$${(cents / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ",")}`;

/** GET /checkout: 200 with the key and the total shown. */
export async function openCheckoutPage(
  browser: Browser,
  query = "",
): Promise<{ page: string; key: string; total: string | null }> {
  const response = await browser.get(`/checkout${query}`);
  expect(response.status).toBe(200);
  const page = await html(response);
  // With nothing to pay for the page has no pay form (and no key): a made-up key stands in.
  const key = page.includes('name="idempotencyKey"') ? idempotencyKeyOf(page) : randomKey();
  return { page, key, total: totalOf(page) };
}

/** A well-formed idempotency key, as the checkout page makes them. */
export const randomKey = () => crypto.randomUUID().replaceAll("-", "");

/** The page's visible headings (React's serialized data in <script> never has these tags). */
export function headingsOf(page: string): string[] {
  return [...page.matchAll(/<h1>(.*?)<\/h1>/g)].map((m) => m[1]);
}

export function pay(browser: Browser, idempotencyKey: string, query = "") {
  return browser.post(`/checkout${query}`, { intent: "pay", idempotencyKey });
}

export const GOOD_CARD = { name: "Cora Merce", number: "4242 4242 4242 4242", expiry: "12/30", cvc: "123" };
export const DECLINED_CARD = { ...GOOD_CARD, number: "4000000000000002" };

export function payCard(browser: Browser, checkoutId: string, card: Fields = GOOD_CARD) {
  return browser.post(`/checkout/pay/${checkoutId}`, card);
}

/** The checkout id of a /checkout/pay/{id} address. */
export function payPageId(location: string | null): string {
  const match = location?.match(/^\/checkout\/pay\/([0-9a-f-]{36})$/);
  expect(match, `a payment page address, got ${location}`).toBeTruthy();
  return match![1];
}

/** Cart -> checkout -> pay page, returning the checkout id (the checkout is open, not yet paid). */
export async function startPaidCheckout(browser: Browser, query = ""): Promise<string> {
  const { key } = await openCheckoutPage(browser, query);
  const response = await pay(browser, key, query);
  expect(response.status).toBe(303);
  return payPageId(response.headers.get("location"));
}

/** Buys these products (cart emptied first) with the good test card; returns the checkout id. */
export async function buy(browser: Browser, productIds: string[]): Promise<string> {
  expect((await browser.cart("empty")).status).toBe(303);
  expect((await browser.cart("add-all", productIds)).status).toBe(303);
  const id = await startPaidCheckout(browser);
  const paid = await payCard(browser, id);
  expect(paid.status).toBe(303);
  expect(paid.headers.get("location")).toBe(`/checkout/success?session_id=${id}`);
  return id;
}

/** A direct checkout for the Starter studio tier, monthly, returning to the builder's publish step. */
export const starterTierOrder = () => ({
  line: {
    productId: "studio_starter_month",
    kind: "studio-tier" as const,
    tierSlug: "starter",
    interval: "month" as const,
    title: "Starter studio tier (monthly)",
    priceCents: 1900,
    crossedPriceCents: null,
  },
  successPath: "/dashboard/builder?mode=publish&payment_success=true&tier=starter",
  cancelPath: "/dashboard/builder?mode=pricing_tiers",
  idempotencyKey: crypto.randomUUID(),
});
