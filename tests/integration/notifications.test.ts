// Realtime rooms and notifications in workerd: who may open a socket, live pushes, the bell, the
// /notifications page, and the three triggers (purchase, new lesson, announcement), with good and bad input.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { notify } from "~/features/notifications/notify.server";
import { fulfilCheckout } from "~/features/checkout/fulfil.server";
import { userRoom } from "~/features/realtime/rules";
import { testApp } from "./app-context";
import { Browser, buy, collectionBySlug, count, html, product, signUp } from "./commerce-helpers";

const HOOKS = "hooks-and-choruses";
const RIFFS = "riffs-that-rock";

/** The header bell's accessible name on a page ("Notifications", "…, new", "…, important announcement"), or null without a bell. */
async function bellOf(browser: Browser): Promise<string | null> {
  const page = await html(await browser.get("/terms"));
  const bell = [...page.matchAll(/<a [^>]*>/g)]
    .map((m) => m[0])
    .find((tag) => tag.includes('href="/notifications"') && tag.includes("bell"));
  return bell?.match(/aria-label="([^"]+)"/)?.[1] ?? null;
}

async function makeAdmin(prefix: string) {
  const admin = await signUp(prefix);
  await env.DB.prepare("UPDATE users SET is_admin = 1 WHERE id = ?").bind(admin.userId).run();
  return admin;
}

/** The hidden value a form carries (the page rendered it). */
function hidden(page: string, name: string): string {
  const value = page.match(new RegExp(`name="${name}" value="([^"]+)"`))?.[1];
  expect(value, `the page carries ${name}`).toBeTruthy();
  return value!;
}

const upgrade = { Upgrade: "websocket", Connection: "Upgrade" };

/** Opens a socket to the room as this browser; the messages it receives collect in `messages`. */
async function openRoom(browser: Browser, room: string) {
  const response = await browser.get(`/parties/rooms/${room}`, upgrade);
  expect(response.status).toBe(101);
  const socket = response.webSocket!;
  socket.accept();
  const messages: string[] = [];
  socket.addEventListener("message", (event) => {
    messages.push(String(event.data));
  });
  const next = async (predicate: (m: string) => boolean, timeoutMs = 5_000) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = messages.find(predicate);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no matching message within ${timeoutMs} ms; got ${JSON.stringify(messages)}`);
  };
  return { socket, messages, next, close: () => socket.close(1000, "test over") };
}

describe("/parties: the rooms", () => {
  it("refuses another user's room (403)", async () => {
    const me = await signUp("room-owner");
    const other = await signUp("room-other");
    expect((await other.browser.get(`/parties/rooms/${userRoom(me.userId)}`, upgrade)).status).toBe(403);
  });

  it("answers a tab without a live session with a socket closed at once (4001), which hears nothing", async () => {
    // No session (never signed in, a cookie that is not a token, or a session signed out) never reaches
    // the room. The answer is the close code the client treats as final (SESSION_ENDED) rather than a
    // refused handshake (401, as before): a refused handshake is retried by the client and logged by the
    // browser, and a tab whose session ended just then (its cookie already cleared) is not an attacker.
    const gone = await signUp("room-signed-out");
    const cookie = gone.browser.cookie("studio_session")!;
    await gone.browser.post("/auth/logout", {});
    const room = `/parties/rooms/${userRoom(gone.userId)}`;
    for (const browser of [
      new Browser({ studio_session: cookie }),
      new Browser(),
      new Browser({ studio_session: "not-a-session" }),
    ]) {
      const response = await browser.get(room, upgrade);
      expect(response.status).toBe(101);
      const socket = response.webSocket!;
      const messages: unknown[] = [];
      const closed = new Promise<number>((resolve) => socket.addEventListener("close", (event) => resolve(event.code)));
      socket.addEventListener("message", (event) => messages.push(event.data));
      socket.accept();
      socket.send("ping");
      expect(await closed).toBe(4001);
      expect(messages).toEqual([]);
    }
  });

  it("refuses other sites, unknown rooms and parties, and plain HTTP, never with a 500", async () => {
    const me = await signUp("room-edges");
    const room = `/parties/rooms/${userRoom(me.userId)}`;
    expect((await me.browser.get(room, { ...upgrade, Origin: "https://evil.example" })).status).toBe(403);
    for (const path of ["/parties/rooms/everyone", "/parties/rooms/user-123", "/parties/room-directory/directory"]) {
      expect((await me.browser.get(path, upgrade)).status, path).toBe(404);
    }
    expect((await me.browser.get("/parties/nothing/here", upgrade)).status).toBe(400);
    // The push door is for the worker alone: from outside, rooms speak WebSocket only.
    expect((await me.browser.get(room)).status).toBe(404);
    expect((await me.browser.fetch(`${room}/push`, { method: "POST", body: "hello" })).status).toBe(404);
    expect((await me.browser.get("/parties/rooms")).status).toBe(404);
  });

  it("lets the user's own session join, answers a ping, and pushes their notifications live", async () => {
    const me = await signUp("room-live");
    const room = await openRoom(me.browser, userRoom(me.userId));
    room.socket.send("ping");
    await room.next((m) => m === "pong");
    room.socket.send("anything else is ignored");
    const app = testApp();
    await notify(app, {
      userId: me.userId,
      kind: "purchase",
      title: "Purchase complete",
      body: "Hooks is in your library.",
      link: "/library",
      dedupeKey: `test:${me.userId}`,
    });
    const message = JSON.parse(await room.next((m) => m.startsWith("{")));
    expect(message).toEqual({
      type: "notification",
      kind: "purchase",
      universal: false,
      title: "Purchase complete",
      body: "Hooks is in your library.",
      link: "/library",
    });
    room.close();
  });

  it("closes a socket whose session ended instead of telling it the user's news", async () => {
    const me = await signUp("room-revoked");
    const room = await openRoom(me.browser, userRoom(me.userId));
    const closed = new Promise<number>((resolve) =>
      room.socket.addEventListener("close", (event) => resolve(event.code)),
    );
    expect((await me.browser.post("/auth/logout", {})).status).toBe(303);
    await notify(testApp(), {
      userId: me.userId,
      kind: "purchase",
      title: "Secret",
      body: "",
      link: null,
      dedupeKey: `revoked:${me.userId}`,
    });
    expect(await closed).toBe(4001);
    expect(room.messages.filter((m) => m.includes("Secret"))).toEqual([]);
  });
});

describe("notify", () => {
  it("makes a notification once per dedupe key, whatever repeats", async () => {
    const { userId } = await signUp("dedupe");
    const app = testApp();
    const input = {
      userId,
      kind: "purchase" as const,
      title: "Purchase complete",
      body: "",
      link: "/library",
      dedupeKey: `purchase:dedupe-${userId}`,
    };
    const results = await Promise.all([notify(app, input), notify(app, input), notify(app, input)]);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await notify(app, input)).toEqual({ created: false, id: null });
    expect(await count("SELECT count(*) AS n FROM notifications WHERE dedupe_key = ?", input.dedupeKey)).toBe(1);
  });
});

describe("purchase completed", () => {
  it("notifies the buyer once per checkout and lights the yellow dot", async () => {
    const { browser, userId } = await signUp("buyer-bell");
    expect(await bellOf(browser)).toBe("Notifications");
    const room = await openRoom(browser, userRoom(userId));
    const hooks = await product(HOOKS);
    const checkoutId = await buy(browser, [hooks.id]);
    const live = JSON.parse(await room.next((m) => m.startsWith("{")));
    expect(live).toMatchObject({ kind: "purchase", universal: false, title: "Purchase complete", link: "/library" });
    expect(live.body).toContain(hooks.title);
    room.close();
    // The success page and a late webhook fulfil again: still one notification.
    expect((await fulfilCheckout(testApp(), checkoutId)).status).toBe("already");
    await browser.get(`/checkout/success?session_id=${checkoutId}`);
    const rows = await env.DB.prepare(
      "SELECT kind, title, link, dedupe_key AS dedupeKey FROM notifications WHERE user_id = ?",
    )
      .bind(userId)
      .all();
    expect(rows.results).toEqual([
      { kind: "purchase", title: "Purchase complete", link: "/library", dedupeKey: `purchase:${checkoutId}` },
    ]);
    expect(await bellOf(browser)).toBe("Notifications, new");
  });
});

describe("/notifications", () => {
  it("sends visitors to Log In and brings them back", async () => {
    const response = await new Browser().get("/notifications?cursor=x");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(
      `/?auth=Login&redirect=${encodeURIComponent("/notifications?cursor=x")}`,
    );
  });

  it("shows an empty state", async () => {
    const { browser } = await signUp("empty-list");
    const page = await html(await browser.get("/notifications"));
    expect(page).toContain("No notifications yet");
    expect(page).not.toContain("Mark all as read");
  });

  it("lists newest first in pages, marks all as read, and refuses bad input with 400", async () => {
    const { browser, userId } = await signUp("paged");
    const app = testApp();
    const base = Date.now() - 60 * 60_000;
    // An account older than its notifications (before any 'mark as read', sign-up time counts as seen).
    await env.DB.prepare("UPDATE users SET sign_up_date = ? WHERE id = ?")
      .bind(base - 60_000, userId)
      .run();
    for (let i = 0; i < 23; i++) {
      await notify(
        { ...app, now: base + i * 1_000 },
        {
          userId,
          kind: "purchase",
          title: `Purchase ${i}`,
          body: `Body ${i}`,
          link: "/library",
          dedupeKey: `paged:${userId}:${i}`,
        },
      );
    }
    const first = await html(await browser.get("/notifications"));
    const titles = [...first.matchAll(/<a [^>]*href="\/library"[^>]*>(Purchase \d+)<\/a>/g)].map((m) => m[1]);
    expect(titles).toEqual(Array.from({ length: 20 }, (_, i) => `Purchase ${22 - i}`));
    expect(first).toContain("Mark all as read");
    expect(first).toMatch(/minutes ago|hour ago/);
    const older = first
      .match(/href="(\/notifications\?cursor=[^"]+)">Older notifications/)?.[1]
      .replaceAll("&amp;", "&");
    expect(older).toBeTruthy();
    const second = await html(await browser.get(older!));
    expect([...second.matchAll(/<a [^>]*href="\/library"[^>]*>(Purchase \d+)<\/a>/g)].map((m) => m[1])).toEqual([
      "Purchase 2",
      "Purchase 1",
      "Purchase 0",
    ]);
    expect(second).not.toMatch(/>Older notifications<\/a>/);
    expect(second).toMatch(/href="\/notifications"[^>]*>Newest notifications<\/a>/);

    for (const bad of ["x", "123", "1.not-a-uuid"])
      expect((await browser.get(`/notifications?cursor=${bad}`)).status).toBe(400);
    expect((await browser.post("/notifications", {})).status).toBe(400);
    expect((await browser.post("/notifications", { seenUpTo: "soon" })).status).toBe(400);
    expect((await browser.postJson("/notifications", { seenUpTo: 1 })).status).toBe(400);

    expect(await bellOf(browser)).toBe("Notifications, new");
    const seenUpTo = hidden(first, "seenUpTo");
    const marked = await browser.post("/notifications", { seenUpTo });
    expect(marked.status).toBe(303);
    expect(marked.headers.get("location")).toBe("/notifications");
    expect(await bellOf(browser)).toBe("Notifications");
    // Repeating it, or an older time, changes nothing; the page no longer offers it.
    expect((await browser.post("/notifications", { seenUpTo: "0" })).status).toBe(303);
    expect(await bellOf(browser)).toBe("Notifications");
    expect(await html(await browser.get("/notifications"))).not.toContain("Mark all as read");
    // A time in the future counts as now: a notification made later still lights the bell.
    await browser.post("/notifications", { seenUpTo: String(Date.now() + 86_400_000) });
    await notify(
      { ...testApp(), now: Date.now() + 1_000 },
      { userId, kind: "purchase", title: "Later", body: "", link: "/library", dedupeKey: `paged:${userId}:later` },
    );
    expect(await bellOf(browser)).toBe("Notifications, new");
  });

  it("a cross-site post is refused", async () => {
    const { browser } = await signUp("cross-site-mark");
    expect((await browser.post("/notifications", { seenUpTo: "1" }, { Origin: "https://evil.example" })).status).toBe(
      403,
    );
  });
});

describe("/admin/announcements", () => {
  it("is for admins only (visitors to Log In, others 403)", async () => {
    expect((await new Browser().get("/admin/announcements")).status).toBe(302);
    const learner = await signUp("not-announcer");
    expect((await learner.browser.get("/admin/announcements")).status).toBe(403);
    const before = await count("SELECT count(*) AS n FROM notifications WHERE user_id IS NULL");
    expect(
      (await learner.browser.post("/admin/announcements", { title: "Hi", idempotencyKey: "0123456789abcdef0123" }))
        .status,
    ).toBe(403);
    expect(await count("SELECT count(*) AS n FROM notifications WHERE user_id IS NULL")).toBe(before);
  });

  it("refuses bad input with 400 and says why", async () => {
    const admin = await makeAdmin("announcer-bad");
    const idempotencyKey = hidden(await html(await admin.browser.get("/admin/announcements")), "idempotencyKey");
    const cases: [Record<string, string>, string][] = [
      [{ title: "", idempotencyKey }, "Give the announcement a title."],
      [{ title: "x".repeat(121), idempotencyKey }, "The title is at most 120 characters."],
      [
        { title: "Hi", link: "javascript:alert(1)", idempotencyKey },
        "The link must be a path on this site (/classes) or an http(s) address.",
      ],
      [{ title: "Hi", body: "x".repeat(1001), idempotencyKey }, "The message is at most 1000 characters."],
      [{ title: "Hi" }, "Reload the page and try again."],
    ];
    for (const [fields, message] of cases) {
      const response = await admin.browser.post("/admin/announcements", fields);
      expect(response.status, message).toBe(400);
      expect(await html(response)).toContain(message);
    }
    expect((await admin.browser.postJson("/admin/announcements", { title: "Hi" })).status).toBe(400);
    expect(
      await count("SELECT count(*) AS n FROM notifications WHERE dedupe_key = ?", `announcement:${idempotencyKey}`),
    ).toBe(0);
  });

  it("announces to everyone once, live to those online, and turns every bell red", async () => {
    const listener = await signUp("hears-announcement");
    const room = await openRoom(listener.browser, userRoom(listener.userId));
    const admin = await makeAdmin("announcer");
    const idempotencyKey = hidden(await html(await admin.browser.get("/admin/announcements")), "idempotencyKey");
    const fields = {
      title: "New classes every Friday",
      body: "Starting this week.",
      link: "/classes?view=New releases",
      idempotencyKey,
    };
    const sent = await admin.browser.post("/admin/announcements", fields);
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe("/admin/announcements");
    expect((await admin.browser.toast())?.title).toBe("Announcement sent to everyone.");
    // A double click: the same key announces nothing more.
    expect((await admin.browser.post("/admin/announcements", fields)).status).toBe(303);
    expect((await admin.browser.toast())?.title).toBe("That announcement was already sent.");
    expect(
      await count("SELECT count(*) AS n FROM notifications WHERE user_id IS NULL AND title = ?", fields.title),
    ).toBe(1);

    const live = JSON.parse(await room.next((m) => m.includes(fields.title)));
    expect(live).toEqual({
      type: "notification",
      kind: "announcement",
      universal: true,
      title: fields.title,
      body: fields.body,
      link: fields.link,
    });
    room.close();

    expect(await bellOf(listener.browser)).toBe("Notifications, important announcement");
    const list = await html(await listener.browser.get("/notifications"));
    expect(list).toContain(fields.title);
    expect(list).toContain("Announcement");
    // Someone who signs up afterwards is not greeted by old news (but can read it).
    const newcomer = await signUp("after-announcement");
    expect(await bellOf(newcomer.browser)).toBe("Notifications");
    expect(await html(await newcomer.browser.get("/notifications"))).toContain(fields.title);
  });
});

describe("/admin/lessons", () => {
  it("is for admins only (visitors to Log In, others 403)", async () => {
    expect((await new Browser().get("/admin/lessons")).status).toBe(302);
    const learner = await signUp("not-lesson-admin");
    const hooks = await product(HOOKS);
    expect((await learner.browser.get("/admin/lessons")).status).toBe(403);
    const lessons = await count("SELECT count(*) AS n FROM lessons WHERE product_id = ?", hooks.id);
    const attempt = await learner.browser.post("/admin/lessons", {
      lessonId: crypto.randomUUID(),
      classRef: hooks.id,
      title: "Sneaky",
      durationMinutes: "5",
    });
    expect(attempt.status).toBe(403);
    expect(await count("SELECT count(*) AS n FROM lessons WHERE product_id = ?", hooks.id)).toBe(lessons);
  });

  it("refuses bad input with 400 (404 for a class that does not exist) and says why", async () => {
    const admin = await makeAdmin("lesson-admin-bad");
    const lessonId = hidden(await html(await admin.browser.get("/admin/lessons")), "lessonId");
    const good = { lessonId, classRef: `/classes/june-calloway/${HOOKS}`, title: "Bridges", durationMinutes: "9" };
    const cases: [Record<string, string>, number, string][] = [
      [{ ...good, lessonId: "nope" }, 400, "Reload the page and try again."],
      [{ ...good, title: " " }, 400, "Give the lesson a title."],
      [{ ...good, durationMinutes: "0" }, 400, "Enter the length in whole minutes (1 to 600)."],
      [{ ...good, durationMinutes: "2.5" }, 400, "Enter the length in whole minutes (1 to 600)."],
      [{ ...good, classRef: "" }, 400, "Name the class: its page address or its id."],
      [{ ...good, classRef: "not a class" }, 400, "That does not name a class"],
      [{ ...good, videoUrl: "javascript:alert(1)" }, 400, "The video link must be an https address or a /media/ path."],
      [{ ...good, classRef: "/classes/nobody/nothing" }, 404, "No class matches “/classes/nobody/nothing”."],
      [{ ...good, classRef: crypto.randomUUID() }, 404, "No class matches"],
    ];
    for (const [fields, status, message] of cases) {
      const response = await admin.browser.post("/admin/lessons", fields);
      expect(response.status, message).toBe(status);
      expect(await html(response)).toContain(message);
    }
    expect((await admin.browser.postJson("/admin/lessons", good)).status).toBe(400);
    expect(await count("SELECT count(*) AS n FROM lessons WHERE id = ?", lessonId)).toBe(0);
  });

  it("adds the lesson last, once, and notifies every owner (a collection's too) but no one else", async () => {
    const riffs = await product(RIFFS);
    const essentials = await collectionBySlug("guitar-essentials");
    const target = essentials.items.includes(riffs.id) ? riffs : await product(HOOKS);
    const direct = await signUp("owner-direct");
    await buy(direct.browser, [target.id]);
    const refunded = await signUp("owner-refunded");
    await buy(refunded.browser, [target.id]);
    await env.DB.prepare(
      `UPDATE purchases SET refunded_info = '{"refundedAt":1,"amountCents":1,"reason":"test"}' WHERE user_id = ?`,
    )
      .bind(refunded.userId)
      .run();
    const stranger = await signUp("not-owner");
    const viaCollection = essentials.items.includes(target.id) ? await signUp("owner-collection") : null;
    if (viaCollection) await buy(viaCollection.browser, [essentials.id]);
    const room = await openRoom(direct.browser, userRoom(direct.userId));

    const before = (await env.DB.prepare(
      "SELECT max(position) AS last, lesson_count AS lessons FROM lessons JOIN products p ON p.id = lessons.product_id WHERE product_id = ?",
    )
      .bind(target.id)
      .first<{ last: number; lessons: number }>())!;
    const admin = await makeAdmin("lesson-admin");
    const lessonId = hidden(await html(await admin.browser.get("/admin/lessons")), "lessonId");
    const fields = {
      lessonId,
      classRef: `http://127.0.0.1:8787/classes/${target.storefrontSlug}/${target.classSlug}`,
      title: "Open tunings",
      summary: "DADGAD and friends.",
      durationMinutes: "14",
    };
    const added = await admin.browser.post("/admin/lessons", fields);
    expect(added.status).toBe(303);
    expect(added.headers.get("location")).toBe("/admin/lessons");
    const owners = viaCollection ? 2 : 1;
    expect((await admin.browser.toast())?.title).toBe(
      `Lesson added to ${target.title}; ${owners} owner${owners === 1 ? "" : "s"} notified.`,
    );

    const lesson = await env.DB.prepare(
      "SELECT product_id AS productId, position, title, summary, duration_seconds AS seconds, created_at AS createdAt FROM lessons WHERE id = ?",
    )
      .bind(lessonId)
      .first<Record<string, unknown>>();
    expect(lesson).toMatchObject({
      productId: target.id,
      position: before.last + 1,
      title: "Open tunings",
      summary: "DADGAD and friends.",
      seconds: 840,
    });
    expect(lesson!.createdAt as number).toBeGreaterThan(Date.now() - 60_000);
    expect(await count("SELECT lesson_count AS n FROM products WHERE id = ?", target.id)).toBe(before.lessons + 1);

    const notified = await env.DB.prepare(
      "SELECT user_id AS userId, kind, title, body, link, dedupe_key AS dedupeKey FROM notifications WHERE dedupe_key LIKE ? ORDER BY user_id",
    )
      .bind(`lesson:${lessonId}:%`)
      .all<Record<string, string>>();
    const expected = [direct.userId, ...(viaCollection ? [viaCollection.userId] : [])].sort();
    expect(notified.results.map((r) => r.userId)).toEqual(expected);
    expect(notified.results[0]).toMatchObject({
      kind: "new_lesson",
      title: `New lesson in ${target.title}`,
      body: "Open tunings",
      link: `/classes/${target.storefrontSlug}/${target.classSlug}`,
      dedupeKey: `lesson:${lessonId}:${notified.results[0].userId}`,
    });
    expect(
      await count(
        "SELECT count(*) AS n FROM notifications WHERE user_id IN (?, ?) AND kind = 'new_lesson'",
        refunded.userId,
        stranger.userId,
      ),
    ).toBe(0);

    const live = JSON.parse(await room.next((m) => m.includes("Open tunings")));
    expect(live).toMatchObject({ kind: "new_lesson", universal: false, title: `New lesson in ${target.title}` });
    room.close();

    // The same form again (a double click): no second lesson, no second notification.
    expect((await admin.browser.post("/admin/lessons", fields)).status).toBe(303);
    expect((await admin.browser.toast())?.title).toBe(`That lesson was already added to ${target.title}.`);
    expect(
      await count("SELECT count(*) AS n FROM lessons WHERE product_id = ? AND title = 'Open tunings'", target.id),
    ).toBe(1);
    expect(await count("SELECT count(*) AS n FROM notifications WHERE dedupe_key LIKE ?", `lesson:${lessonId}:%`)).toBe(
      owners,
    );
  });
});
