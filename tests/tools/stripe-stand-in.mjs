// A local stand-in for the Stripe endpoints our adapter uses (no npm Stripe mock covers checkout
// sessions): customers, checkout sessions (create, retrieve with the payment method expanded) and
// a test-only way to mark a session paid. It honours Idempotency-Key like Stripe: the same key
// returns the first answer. Form-encoded bodies, as the Stripe client sends them.
//
//   const stripe = await startStripeStandIn();  // { url, requests, pay(id), close() }
import { createServer } from "node:http";
import { randomBytes } from "node:crypto";

const id = (prefix) => `${prefix}_${randomBytes(12).toString("hex")}`;

/** Stripe's bracket form encoding (a[b][0][c]=d) to nested objects and arrays. */
export function parseStripeForm(body) {
  const out = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const path = rawKey.replace(/\]/g, "").split("[");
    let node = out;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(path[i + 1]);
      if (last) node[part] = value;
      else node = node[part] ??= nextIsIndex ? [] : {};
    });
  }
  return out;
}

export async function startStripeStandIn({ port = 0, secretKey = "sk_test_standin" } = {}) {
  const customers = new Map();
  const sessions = new Map();
  const idempotent = new Map();
  const requests = [];
  const refunds = [];

  const send = (res, status, body) => {
    res.writeHead(status, { "Content-Type": "application/json", "Request-Id": id("req") });
    res.end(JSON.stringify(body));
  };
  const error = (res, status, message, type = "invalid_request_error") =>
    send(res, status, { error: { type, message } });

  const server = createServer(async (req, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    const url = new URL(req.url, "http://localhost");
    requests.push({
      method: req.method,
      path: url.pathname,
      body,
      idempotencyKey: req.headers["idempotency-key"] ?? null,
    });
    if (req.headers.authorization !== `Bearer ${secretKey}`)
      return error(res, 401, "Invalid API Key provided", "authentication_error");

    const key = req.headers["idempotency-key"];
    if (req.method === "POST" && key && idempotent.has(`${url.pathname} ${key}`)) {
      const [status, answer] = idempotent.get(`${url.pathname} ${key}`);
      return send(res, status, answer);
    }
    const reply = (status, answer) => {
      if (req.method === "POST" && key) idempotent.set(`${url.pathname} ${key}`, [status, answer]);
      send(res, status, answer);
    };
    const form = parseStripeForm(body);

    if (req.method === "POST" && url.pathname === "/v1/customers") {
      const customer = {
        id: id("cus"),
        object: "customer",
        email: form.email ?? null,
        name: form.name ?? null,
        metadata: form.metadata ?? {},
      };
      customers.set(customer.id, customer);
      return reply(200, customer);
    }
    if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      if (!form.success_url || !form.line_items?.length)
        return reply(400, {
          error: { type: "invalid_request_error", message: "Missing required param: line_items or success_url." },
        });
      if (form.customer && !customers.has(form.customer))
        return reply(400, {
          error: { type: "invalid_request_error", message: `No such customer: '${form.customer}'` },
        });
      // Stripe takes an expiry between 30 minutes and 24 hours from now.
      const nowS = Math.floor(Date.now() / 1000);
      if (form.expires_at && (Number(form.expires_at) < nowS + 1800 || Number(form.expires_at) > nowS + 86400))
        return reply(400, {
          error: {
            type: "invalid_request_error",
            message: "expires_at must be between 30 minutes and 24 hours from now.",
          },
        });
      const sessionId = id("cs_test");
      const amount = form.line_items.reduce(
        (sum, item) => sum + Number(item.price_data?.unit_amount ?? 0) * Number(item.quantity ?? 1),
        0,
      );
      const session = {
        id: sessionId,
        object: "checkout.session",
        mode: form.mode,
        customer: form.customer ?? null,
        client_reference_id: form.client_reference_id ?? null,
        metadata: form.metadata ?? {},
        amount_total: amount,
        currency: "usd",
        payment_status: "unpaid",
        status: "open",
        payment_intent: null,
        line_items: form.line_items,
        success_url: form.success_url.replace("{CHECKOUT_SESSION_ID}", sessionId),
        cancel_url: form.cancel_url ?? null,
        expires_at: form.expires_at ? Number(form.expires_at) : nowS + 86400,
        url: `http://stripe.stand-in/pay/${sessionId}`,
      };
      sessions.set(sessionId, session);
      return reply(200, session);
    }
    if (req.method === "GET" && url.pathname === "/v1/invoice_payments") {
      const invoice = url.searchParams.get("invoice");
      const paid = [...sessions.values()].find((s) => s.invoice === invoice && s.invoice_payment_intent);
      const data = paid
        ? [
            {
              id: id("inpay"),
              object: "invoice_payment",
              invoice,
              payment: { type: "payment_intent", payment_intent: paid.invoice_payment_intent },
            },
          ]
        : [];
      return send(res, 200, { object: "list", data, has_more: false, url: "/v1/invoice_payments" });
    }
    if (req.method === "POST" && url.pathname === "/v1/refunds") {
      const paid = [...sessions.values()].find(
        (s) => s.payment_intent?.id === form.payment_intent || s.invoice_payment_intent === form.payment_intent,
      );
      if (!paid)
        return reply(400, {
          error: { type: "invalid_request_error", message: `No such payment_intent: '${form.payment_intent}'` },
        });
      if (Number(form.amount) > paid.amount_total)
        return reply(400, {
          error: { type: "invalid_request_error", message: "Refund amount is greater than the charge." },
        });
      const refund = {
        id: id("re"),
        object: "refund",
        amount: Number(form.amount),
        payment_intent: form.payment_intent,
        status: "succeeded",
        metadata: form.metadata ?? {},
      };
      refunds.push(refund);
      return reply(200, refund);
    }
    const expire = url.pathname.match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/);
    if (req.method === "POST" && expire) {
      const session = sessions.get(expire[1]);
      if (!session) return error(res, 404, `No such checkout.session: '${expire[1]}'`);
      if (session.status !== "open")
        return reply(400, {
          error: {
            type: "invalid_request_error",
            message: "Only Checkout Sessions with a status of open can be expired.",
          },
        });
      session.status = "expired";
      return reply(200, session);
    }
    const retrieve = url.pathname.match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
    if (req.method === "GET" && retrieve) {
      const session = sessions.get(retrieve[1]);
      if (!session) return error(res, 404, `No such checkout.session: '${retrieve[1]}'`);
      const expand = url.searchParams.getAll("expand[]").concat(url.searchParams.getAll("expand[0]"));
      const copy = structuredClone(session);
      if (copy.payment_intent && !expand.some((e) => e.startsWith("payment_intent")))
        copy.payment_intent = copy.payment_intent.id;
      return send(res, 200, copy);
    }
    return error(res, 404, `Unrecognized request URL (${req.method}: ${url.pathname})`);
  });

  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${address.port}`,
    secretKey,
    requests,
    sessions,
    customers,
    refunds,
    /** What the buyer paying on Stripe's page does: the session becomes paid with a Visa 4242. */
    pay(sessionId, card = { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2030 }) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      session.payment_status = "paid";
      session.status = "complete";
      if (session.mode === "subscription") {
        // Stripe pays a subscription checkout through its first invoice, not a payment_intent of its own.
        session.subscription = id("sub");
        session.invoice = id("in");
        session.invoice_payment_intent = id("pi");
      } else
        session.payment_intent = {
          id: id("pi"),
          object: "payment_intent",
          metadata: session.metadata,
          payment_method: { id: id("pm"), object: "payment_method", card },
        };
      return session;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
