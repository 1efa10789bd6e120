#!/usr/bin/env node
// `npm run bench:checkout [-- N]` (default 200): N buyers at once against the embedded payment
// provider, each through the real pages: sign up, the product CTA, checkout, then Pay pressed TWICE
// at the same moment (a double click) and the card form posted twice at the same moment. Prints
// purchases made, duplicates (must be 0), and the p50 and p99 of a buyer's checkout (Pay to
// receipt). Exits non-zero on a duplicate, a lost purchase or a server error. The local runtime sheds
// load with 503s on two cores; those requests are retried (safe: every step is idempotent). Uses its
// own database in tests/.state/bench-checkout and the built worker on 127.0.0.1:8798.
import { writeReport } from "./bench-parts.mjs";
import { buildApp, freshSeededDatabase, root, startWorker, stopGroup, waitForUp } from "./wrangler-env.mjs";

const N = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 200);
const PORT = 8798;
const BASE = `http://127.0.0.1:${PORT}`;
const persistTo = `${root}/tests/.state/bench-checkout`;

const cookieJar = () => {
  const jar = new Map();
  return {
    header: () => [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
    take(response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(";");
        const [name, ...rest] = pair.split("=");
        const value = rest.join("=");
        if (/Max-Age=0/i.test(line) || value === "") jar.delete(name);
        else jar.set(name, value);
      }
    },
  };
};

let retried = 0;

/**
 * One request with the browser's cookies. A 503 from the local runtime ("Your worker restarted
 * mid-request", which wrangler dev answers when two cores are swamped) is retried, as a browser's
 * user would: every step here is safe to repeat, which is part of what this measures.
 */
async function request(jar, path, { form, method = form ? "POST" : "GET" } = {}) {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(`${BASE}${path}`, {
      method,
      redirect: "manual",
      headers: {
        Cookie: jar.header(),
        Origin: BASE,
        ...(form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
      },
      body: form ? new URLSearchParams(form) : undefined,
    });
    if (response.status === 503 && attempt < 5) {
      retried++;
      await response.text();
      await new Promise((r) => setTimeout(r, 200 * (attempt + 1)));
      continue;
    }
    jar.take(response);
    if (response.status >= 500)
      throw new Error(`${method} ${path} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
    return response;
  }
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function buyer(i, productIds) {
  const jar = cookieJar();
  const productId = productIds[i % productIds.length];
  await request(jar, "/");
  const signUp = await request(jar, "/auth/create-account", {
    form: {
      email: `bench-${Date.now()}-${i}@example.com`,
      firstName: "Bench",
      lastName: `Buyer${i}`,
      password: "bench-password-1",
      page: "/",
    },
  });
  if (signUp.status !== 303) throw new Error(`sign-up answered ${signUp.status}`);
  await request(jar, "/cart", { form: { intent: "cta", productId, page: "/classes" } });
  const page = await (await request(jar, "/checkout")).text();
  const key = page.match(/name="idempotencyKey" value="([^"]+)"/)?.[1];
  if (!key) throw new Error("no idempotency key on /checkout");
  const started = performance.now();
  const pays = await Promise.all(
    [1, 2].map(() => request(jar, "/checkout", { form: { intent: "pay", idempotencyKey: key } })),
  );
  const payUrls = new Set(pays.map((r) => r.headers.get("Location")));
  if (payUrls.size !== 1) throw new Error(`a double click made two checkouts: ${[...payUrls].join(", ")}`);
  const payUrl = [...payUrls][0];
  const card = { name: "Bench Buyer", number: "4242 4242 4242 4242", expiry: "12/30", cvc: "123" };
  const paid = await Promise.all([1, 2].map(() => request(jar, payUrl, { form: card })));
  const ms = performance.now() - started;
  if (!paid.some((r) => (r.headers.get("Location") ?? "").startsWith("/checkout/success")))
    throw new Error(`paying answered ${paid.map((r) => r.status).join(", ")}`);
  const { purchases } = await (await request(jar, "/api/getUserPurchases")).json();
  return {
    ms,
    purchases: purchases.length,
    duplicates: purchases.length - new Set(purchases.map((p) => p.productId)).size,
  };
}

console.log("› Building and seeding…");
buildApp({ quiet: true });
freshSeededDatabase(persistTo);
// Development: the buyers pay on the embedded provider's card page, which production does not serve.
const worker = startWorker({
  port: PORT,
  inspectorPort: 9798,
  persistTo,
  stdio: ["ignore", "ignore", "inherit"],
  vars: { ENVIRONMENT: "development" },
});
let exitCode = 0;
try {
  await waitForUp(`${BASE}/api/up`);
  const list = await (await fetch(`${BASE}/api/getProducts?limit=24`)).json();
  const productIds = list.products.map((p) => p.id);
  console.log(`› ${N} buyers at once, each double-clicking Pay and the card form…`);
  const startedAll = performance.now();
  const results = await Promise.allSettled(Array.from({ length: N }, (_, i) => buyer(i, productIds)));
  const wall = performance.now() - startedAll;
  const ok = results.filter((r) => r.status === "fulfilled").map((r) => r.value);
  const failed = results.filter((r) => r.status === "rejected");
  const times = ok.map((r) => r.ms).sort((a, b) => a - b);
  const purchases = ok.reduce((s, r) => s + r.purchases, 0);
  const duplicates = ok.reduce((s, r) => s + r.duplicates, 0);
  const lost = ok.filter((r) => r.purchases === 0).length;
  const summary = [];
  summary.push(`\n  buyers            ${N}`);
  summary.push(`  purchases made    ${purchases}`);
  summary.push(`  duplicates        ${duplicates} (must be 0)`);
  summary.push(`  lost purchases    ${lost} (must be 0)`);
  summary.push(`  retried requests  ${retried} (503s from the overloaded local runtime, sent again)`);
  summary.push(`  failed buyers     ${failed.length}${failed.length ? ` (first: ${failed[0].reason?.message})` : ""}`);
  if (times.length)
    summary.push(
      `  checkout p50      ${percentile(times, 50).toFixed(0)} ms\n  checkout p99      ${percentile(times, 99).toFixed(0)} ms`,
    );
  summary.push(`  wall time         ${(wall / 1000).toFixed(1)} s\n`);
  console.log(summary.join("\n"));
  writeReport("bench-checkout.txt", summary);
  if (duplicates > 0 || lost > 0 || failed.length > 0 || purchases !== N) exitCode = 1;
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  stopGroup(worker);
}
process.exit(exitCode);
