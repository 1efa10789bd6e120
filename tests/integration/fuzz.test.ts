// A bounded, deterministic fuzz of every API route and every form action: malformed JSON, wrong
// types, 100 KB strings, NaN and negative numbers, prototype keys, control characters, sparse
// indexes, wrong methods and wrong content types; signed out, as a learner, and as a creator for the
// creator routes. No answer may be a 5xx or show internal detail, and every 429 says when to come back (Retry-After). The routes come from the build's
// own route manifest (tests/tools/built-routes.mjs, passed in as TEST_ROUTES), never a hand-kept list.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_LANDING_PAGE, DEMO_ONBOARDING_FLOW, DEMO_THEME } from "../tools/apps-sql.mjs";
// @ts-ignore -- build/worker.js is the build's output: absent before `npm run build` (the typecheck runs first), untyped after
import worker from "../../build/worker.js";
import { ORIGIN, PASSWORD, signUp } from "./commerce-helpers";

interface BuiltRoute {
  id: string;
  path: string;
  hasLoader: boolean;
  hasAction: boolean;
}

const SEED = 0x5eed_f022;
/** Rounds over every route: ~1,000 requests each, a few seconds a round here. */
const ROUNDS = 5;

const built = worker as { fetch(request: Request, bindings: unknown, ctx: ExecutionContext): Promise<Response> };

/**
 * The built worker's handler with a new execution context per request, as workerd gives each one.
 * (The pool's `exports.default.fetch`, which `call` uses, shares one context across a test file and
 * gets slower with every request: about 15 ms more per 100, fine for a few dozen, not for thousands.)
 */
async function call(path: string, init: RequestInit): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await built.fetch(
    new Request(`http://127.0.0.1:8787${path}`, { redirect: "manual", ...init }),
    env,
    ctx,
  );
  const body = await response.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return new Response(response.status === 101 || response.status === 204 || response.status === 304 ? null : body, {
    status: response.status,
    headers: response.headers,
  });
}
const ROUTES = (env as unknown as { TEST_ROUTES: BuiltRoute[] }).TEST_ROUTES;

/** What no answer may show: stack frames, runtime error names, database errors, file paths. */
const INTERNAL_DETAIL = [
  /\n\s+at \S/,
  /\bat [\w$.<>]+ \([^)]*:\d+:\d+\)/,
  /SQLITE_|D1_ERROR|D1_TYPE_ERROR|no such table|no such column|constraint failed/i,
  /\b(TypeError|ReferenceError|RangeError|SyntaxError|EvalError)\b/,
  /Cannot read propert|is not a function|is not defined|Unexpected token|Unexpected end of JSON/,
  /\/work\/|node_modules|build\/worker\.js|file:\/\/|\.tsx?:\d+/,
];

/** mulberry32: a small seeded generator, so every run sends the same requests. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
  };
}

const BIG = "x".repeat(100 * 1024);
const CONTROL = "a\u0000b\r\nc\u0007\u001b[31m\u2028\u202e";
const JUNK_TEXT = [
  "",
  " ",
  "NaN",
  "-1",
  "-0",
  "1e309",
  "Infinity",
  "0x10",
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
  "__proto__",
  "constructor",
  CONTROL,
  "\r\nSet-Cookie: fuzz=1",
  "%00",
  "../../etc/passwd",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "😀".repeat(50),
  "anon_" + "f".repeat(40),
];
const JUNK_JSON: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  -1e308,
  1e308,
  2 ** 53 + 1,
  0.1,
  [],
  [null],
  [[[]]],
  {},
  { __proto__: { polluted: 1 } },
  { constructor: { prototype: { polluted: 1 } } },
  "NaN",
  CONTROL,
  BIG,
  Array.from({ length: 300 }, (_, i) => i),
  { a: { b: { c: { d: { e: {} } } } } },
];
/** Field names the product's forms and bodies use, so the junk reaches the validation of real fields. */
const FIELDS = [
  "appId",
  "app_id",
  "versionId",
  "version_id",
  "limit",
  "cursor",
  "intent",
  "section",
  "email",
  "password",
  "newPassword",
  "currentPassword",
  "firstName",
  "lastName",
  "code",
  "token",
  "productId",
  "product_ids",
  "productIds",
  "product_id",
  "offer_valid",
  "exclude_product_ids",
  "use_all_purchases",
  "user_id",
  "userId",
  "asUserId",
  "asUserEmail",
  "storefrontSlug",
  "appSlug",
  "slug",
  "classSlug",
  "priceOptionId",
  "price_option_id",
  "success_url",
  "cancel_url",
  "successUrl",
  "cancelUrl",
  "tier_slug",
  "redirect",
  "redirectTo",
  "page",
  "batch",
  "messageId",
  "sentAt",
  "name",
  "isIdea",
  "appIdea",
  "landingPageInfo",
  "flow",
  "onboardingFlow",
  "theme",
  "monthlyPrice",
  "annualPrice",
  "annualDurationUnit",
  "userState",
  "pagesInfo",
  "answers",
  "nonAuthUserId",
  "percent_complete",
  "percentComplete",
  "seconds",
  "lessonId",
  "contentId",
  "watchedSeconds",
  "completed",
  "idempotencyKey",
  "discountCode",
  "cardNumber",
  "expiry",
  "cvc",
  "mode",
  "font",
  "cornerRadius",
  "primaryColor",
  "title",
  "body",
  "videoUrl",
  "kind",
  "flag",
  "enabled",
  "payload",
  "from",
  "to",
  "days",
  "status",
  "reason",
  "subscriptionId",
  "metadata",
  "AuthFlow",
  "AccessToken",
  "Username",
  "Password",
];
const SPARSE = [
  "faq[100000000].question",
  "pages[99999999].questions[0].label",
  "benefits[-1].title",
  "items[4294967295]",
  "a[1e9]",
  "__proto__[polluted]",
  "constructor[prototype][polluted]",
  "__proto__.polluted",
  "hero[999999].title",
];
const INTENTS = [
  "save",
  "add",
  "remove",
  "publish",
  "restore",
  "buy-tier",
  "add:faq",
  "up:pages:99",
  "remove:faq:-1",
  "delete",
  "delete-account",
  "sign-out-everywhere",
  "empty",
  "add-all",
  "buy-now",
  "cta",
  "mark-all-read",
  "pay",
  "",
  "x".repeat(500),
];

type Rng = ReturnType<typeof random>;
type Who = "anonymous" | "learner" | "creator";
interface Sent {
  method: string;
  path: string;
  label: string;
  headers: Record<string, string>;
  body?: BodyInit;
  crlf: boolean;
}

function junkObject(rng: Rng, size: number): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (let i = 0; i < size; i++) body[rng.pick(FIELDS)] = rng.chance(0.5) ? rng.pick(JUNK_JSON) : rng.pick(JUNK_TEXT);
  if (rng.chance(0.3)) Object.defineProperty(body, "__proto__", { value: { polluted: true }, enumerable: true });
  return body;
}

function junkForm(rng: Rng, size: number): [string, string][] {
  const entries: [string, string][] = [];
  for (let i = 0; i < size; i++)
    entries.push([
      rng.chance(0.2) ? rng.pick(SPARSE) : rng.pick(FIELDS),
      rng.chance(0.1) ? BIG.slice(0, 20_000) : rng.pick(JUNK_TEXT),
    ]);
  entries.push(["intent", rng.pick(INTENTS)]);
  return entries;
}

const hasCrlf = (text: string) => /[\r\n]/.test(text);

/** The requests for one route: a fixed set of shapes, each filled from the seeded generator. */
function requestsFor(route: BuiltRoute, rng: Rng, fill: (rng: Rng) => string): Sent[] {
  const sent: Sent[] = [];
  const post = (label: string, headers: Record<string, string>, body: BodyInit | undefined, crlf: boolean) =>
    sent.push({ method: "POST", path: fill(rng), label, headers, body, crlf });
  const json = JSON.stringify(junkObject(rng, 6));
  post("malformed JSON", { "Content-Type": "application/json" }, '{"appId": "a", "product_ids": [1, 2,', false);
  post("JSON of wrong types", { "Content-Type": "application/json" }, json, /\\[rn]/.test(json));
  post(
    "JSON that is not an object",
    { "Content-Type": "application/json" },
    JSON.stringify(rng.pick([[1, 2], "text", 42, null, true])),
    false,
  );
  const form = junkForm(rng, 8);
  post(
    "form of junk, sparse indexes and prototype keys",
    { "Content-Type": "application/x-www-form-urlencoded" },
    new URLSearchParams(form).toString(),
    form.some(([, v]) => hasCrlf(v)),
  );
  const multipart = new FormData();
  const parts = junkForm(rng, 6);
  for (const [name, value] of parts) multipart.append(name, value);
  multipart.append(
    rng.pick(["heroImage", "photo", "file"]),
    new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], "x.png", { type: "image/png" }),
  );
  post(
    "multipart of junk with a fake image",
    {},
    multipart,
    parts.some(([, v]) => hasCrlf(v)),
  );
  post("100 KB of text/plain", { "Content-Type": "text/plain" }, BIG, false);
  post(
    "XML",
    { "Content-Type": "application/xml" },
    "<?xml version='1.0'?><!DOCTYPE a [<!ENTITY e SYSTEM 'file:///etc/passwd'>]><a>&e;</a>",
    false,
  );
  post("no content type, empty body", {}, undefined, false);
  sent.push({
    method: rng.pick(["PUT", "DELETE", "PATCH"]),
    path: fill(rng),
    label: "wrong method",
    headers: { "Content-Type": "application/json" },
    body: "{}",
    crlf: false,
  });
  const query = new URLSearchParams();
  for (let i = 0; i < 6; i++) query.append(rng.chance(0.2) ? rng.pick(SPARSE) : rng.pick(FIELDS), rng.pick(JUNK_TEXT));
  sent.push({
    method: "GET",
    path: `${fill(rng)}?${query}`,
    label: "GET with a query of junk",
    headers: {},
    crlf: [...query.values()].some(hasCrlf),
  });
  return sent;
}

const CREATOR_ROUTE = /app-builder|\/apps\/|\/dashboard|builder|payments|creator|checkPlanStatus/i;

describe("fuzz: every API route and every form action", () => {
  const sessions: Record<Exclude<Who, "anonymous">, { email: string; token: string; userId: string }> = {} as never;
  let real: Record<string, string>;

  beforeAll(async () => {
    const learner = await signUp("fuzz-learner");
    const creator = await signUp("fuzz-creator");
    sessions.learner = {
      email: learner.email,
      token: learner.browser.cookie("studio_session")!,
      userId: learner.userId,
    };
    sessions.creator = {
      email: creator.email,
      token: creator.browser.cookie("studio_session")!,
      userId: creator.userId,
    };
    const store = await env.DB.prepare(
      "SELECT storefront_slug AS storefront, class_slug AS klass FROM products WHERE kind = 'class' ORDER BY id LIMIT 1",
    ).first<{ storefront: string; klass: string }>();
    const collection = await env.DB.prepare("SELECT slug FROM collections ORDER BY id LIMIT 1").first<{
      slug: string;
    }>();
    await env.DB.prepare("UPDATE users SET creator_info = ? WHERE id = ?")
      .bind(
        JSON.stringify({ hasNewDashboardAccess: true, hasApps: true, storefrontSlug: store!.storefront }),
        creator.userId,
      )
      .run();
    const appId = crypto.randomUUID();
    const now = Date.now();
    const snapshot = {
      landingPage: DEMO_LANDING_PAGE,
      theme: DEMO_THEME,
      onboardingFlow: DEMO_ONBOARDING_FLOW,
      pricing: { monthlyPrice: 1000, annualPrice: 9000, annualDurationUnit: "years" },
    };
    await env.DB.prepare(
      `INSERT INTO apps (id, user_id, storefront_slug, app_slug, name, landing_page, theme, onboarding_flow, monthly_price_cents, annual_price_cents, published, is_published, published_at, created_at, updated_at)
       VALUES (?1, ?2, 'fuzz-store', 'fuzz-app', 'Fuzz Coach', ?3, ?4, ?5, 1000, 9000, ?6, 1, ?7, ?7, ?7)`,
    )
      .bind(
        appId,
        creator.userId,
        JSON.stringify(DEMO_LANDING_PAGE),
        JSON.stringify(DEMO_THEME),
        JSON.stringify(DEMO_ONBOARDING_FLOW),
        JSON.stringify(snapshot),
        now,
      )
      .run();
    real = {
      appId,
      storefrontSlug: "fuzz-store",
      appSlug: "fuzz-app",
      slug1: "fuzz-store",
      slug2: "fuzz-app",
      userId: learner.userId,
      slug: collection!.slug,
      classSlug: store!.klass,
      classStorefront: store!.storefront,
      id: crypto.randomUUID(),
      provider: "google",
      "*": "app-images/none.png",
    };
  });

  /** The route's path with its parameters filled: the seeded real ids, or junk. */
  const filler = (route: BuiltRoute) => (rng: Rng) =>
    route.path.replace(/:(\w+)|\*/g, (whole, name: string | undefined) => {
      const key = name ?? "*";
      if (rng.chance(0.5)) {
        if (route.path.startsWith("/classes/") && key === "storefrontSlug") return real.classStorefront;
        if (key in real) return real[key];
      }
      return encodeURIComponent(
        rng.pick([
          "-1",
          "NaN",
          "%00",
          "..%2F..",
          "a".repeat(300),
          "__proto__",
          "constructor",
          "\r\nx: y",
          "\u202e",
          "0",
        ]),
      );
    });

  async function stillSignedIn(who: Exclude<Who, "anonymous">) {
    const session = sessions[who];
    const check = await call("/api/users/getBasicUserInfo", {
      headers: { Cookie: `studio_session=${session.token}`, Host: new URL(ORIGIN).host },
    });
    if (check.status === 200) return;
    // A fuzzed sign-out (or sign-out everywhere) ended the session: sign in again.
    const response = await call("/auth/login", {
      method: "POST",
      body: new URLSearchParams({ email: session.email, password: PASSWORD }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, Host: new URL(ORIGIN).host },
    });
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("studio_session="));
    const user = await env.DB.prepare("SELECT id FROM users WHERE id = ?").bind(session.userId).first();
    expect(
      cookie,
      `signing ${who} in again: ${response.status} ${response.headers.get("location")}; account ${user ? "exists" : "gone"}`,
    ).toBeTruthy();
    session.token = cookie!.split(";")[0].slice("studio_session=".length);
  }

  it("answers every malformed request below 500 and without internal detail", { timeout: 110_000 }, async () => {
    expect(ROUTES.length, "TEST_ROUTES is empty: run npm run build first").toBeGreaterThan(50);
    const targets = ROUTES.filter((r) => r.id.startsWith("routes/api.") || r.hasAction);
    // Every API route file and every route exporting an action is in the manifest's list.
    expect(targets.some((r) => r.id === "routes/api.updateCart")).toBe(true);
    expect(targets.some((r) => r.id === "routes/dashboard.builder")).toBe(true);

    const rng = random(SEED);
    const problems: string[] = [];
    let sent = 0;
    const started = Date.now();
    // Every route several times over, each round with other junk from the same seeded generator.
    for (const route of Array.from({ length: ROUNDS }, () => targets).flat()) {
      const who: Who[] = ["anonymous", "learner", ...(CREATOR_ROUTE.test(route.path) ? (["creator"] as const) : [])];
      // Every shape of request reaches every route; the identities share them out (seeded), so the
      // whole run stays bounded.
      const requests = who.map(() => requestsFor(route, rng, filler(route)));
      const order = requests[0].map((_, i) => i).sort(() => rng.next() - 0.5);
      for (const [n, identity] of who.entries()) {
        if (identity !== "anonymous") await stillSignedIn(identity);
        const mine = order.filter((_, k) => k % who.length === n).map((i) => requests[n][i]);
        // A few at a time: quicker, and concurrent junk is part of the test.
        for (let i = 0; i < mine.length; i += 6) {
          await Promise.all(
            mine.slice(i, i + 6).map(async (request) => {
              const headers = new Headers(request.headers);
              headers.set("Host", new URL(ORIGIN).host);
              if (request.method !== "GET") headers.set("Origin", ORIGIN);
              if (identity !== "anonymous") headers.set("Cookie", `studio_session=${sessions[identity].token}`);
              if (rng.chance(0.2)) headers.set("X-Non-Auth-User-Id", rng.pick(JUNK_TEXT).replace(/[\r\n\u0000]/g, ""));
              let response: Response;
              try {
                response = await call(request.path, { method: request.method, headers, body: request.body });
              } catch (error) {
                problems.push(
                  `${identity} ${request.method} ${request.path.slice(0, 120)} (${request.label}): threw ${String(error).slice(0, 200)}`,
                );
                return;
              }
              sent += 1;
              const text = await response.text();
              const where = `${identity} ${request.method} ${request.path.slice(0, 120)} (${request.label}) → ${response.status}`;
              if (response.status >= 500) problems.push(`${where}: ${text.slice(0, 200)}`);
              // A refusal (an AI quota, a plan limit, a sign-in throttle) says when to come back.
              if (response.status === 429 && !(Number(response.headers.get("Retry-After")) > 0))
                problems.push(`${where}: a 429 without Retry-After`);
              for (const pattern of INTERNAL_DETAIL) {
                const leak = pattern.exec(text);
                if (leak)
                  problems.push(
                    `${where} shows internal detail ${pattern}: …${text.slice(Math.max(0, leak.index - 80), leak.index + 120)}…`,
                  );
              }
            }),
          );
        }
      }
    }
    console.log(
      `fuzz: ${sent} requests to ${targets.length} routes in ${((Date.now() - started) / 1000).toFixed(1)} s, ${ROUNDS} rounds (seed ${SEED.toString(16)})`,
    );
    if (problems.length > 0) console.log(`FUZZPROBLEMS\n${problems.join("\n")}\nFUZZEND`);
    expect(problems).toEqual([]);
  });
});
