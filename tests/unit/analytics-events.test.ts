import { describe, expect, it } from "vitest";
import { EVENTS, isEventName, screenEvent, screenOf, viewEvents } from "~/features/analytics/events";
import { batchSchema } from "~/features/analytics/schema";

const names = Object.values(EVENTS);

describe("event names", () => {
  it("are fixed 'page | action' strings, unique", () => {
    for (const name of names) expect(name).toMatch(/^[a-z0-9 -]+ \| [a-z0-9 -]+$/);
    expect(new Set(names).size).toBe(names.length);
  });

  it("keep the names the charts read", () => {
    for (const name of [
      "home landing page | viewed",
      "product landing page | viewed",
      "shopping cart | item added",
      "checkout | viewed",
      "checkout | payment submit success",
      "checkout | purchase success",
      "create account | success",
      "experiment | viewed",
    ]) {
      expect(isEventName(name), name).toBe(true);
    }
  });

  it("cover every screen the spec's analytics list names", () => {
    const screens = [
      "dx app landing page",
      "home landing page",
      "music landing page",
      "challenge landing page",
      "product landing page",
      "add-to-cart modal",
      "creator storefront page",
      "bts product video page",
      "creators page",
      "creator dashboard page",
      "library page",
      "shopping cart",
      "checkout",
      "collections page",
      "browse landing page",
      "schools page",
      "auth modal",
      "create account",
      "login",
    ];
    for (const screen of screens)
      expect(
        names.some((n) => n.startsWith(`${screen} | `)),
        screen,
      ).toBe(true);
    for (const name of [
      "product landing page | buy now",
      "product landing page | add to cart",
      "creator storefront page | share modal shared",
      "bts product video page | end session",
      "auth modal | email signup clicked",
      "login | failure",
      "collections page | buy now",
    ]) {
      expect(isEventName(name), name).toBe(true);
    }
  });
});

describe("screens", () => {
  it("maps addresses to screens", () => {
    expect(screenOf("/")).toBe("home landing page");
    expect(screenOf("/school/music")).toBe("music landing page");
    expect(screenOf("/schools/studio-school")).toBe("schools page");
    expect(screenOf("/classes")).toBe("browse landing page");
    expect(screenOf("/classes/ana/flamenco/")).toBe("product landing page");
    expect(screenOf("/collections/guitar")).toBe("collections page");
    expect(screenOf("/library")).toBe("library page");
    expect(screenOf("/cart")).toBe("shopping cart");
    expect(screenOf("/challenges/30-days-of-music")).toBe("challenge landing page");
    expect(screenOf("/checkout")).toBe("checkout");
    expect(screenOf("/checkout/success")).toBeNull();
    expect(screenOf("/account")).toBeNull();
  });

  it("names a screen's action only when the spec does", () => {
    expect(screenEvent("/classes/a/b", "buy now")).toBe("product landing page | buy now");
    expect(screenEvent("/collections/x", "add to cart")).toBeNull();
    expect(screenEvent("/cart", "buy now")).toBeNull();
    expect(screenEvent("/challenges/x", "get started")).toBe("challenge landing page | get started");
  });
});

describe("view events", () => {
  const names = (prev: string | null, next: string) => viewEvents(prev, next).map((e) => e.name);

  it("a landing is the screen's page view, with the page's path and slug", () => {
    expect(viewEvents(null, "/classes/ana/flamenco?utm_source=x")).toEqual([
      { name: "product landing page | viewed", properties: { path: "/classes/ana/flamenco", slug: "flamenco" } },
    ]);
    expect(names("/classes", "/")).toEqual(["home landing page | viewed"]);
    expect(names(null, "/account")).toEqual([]);
  });

  it("opening the auth modal over a page is a modal view and the screen's 'get started' or 'log in', not another page view", () => {
    expect(names("/", "/?auth=Login")).toEqual(["auth modal | viewed", "home landing page | log in"]);
    expect(names("/", "/?auth=Email")).toEqual(["auth modal | viewed", "home landing page | get started"]);
    expect(names("/classes", "/classes?auth=Email")).toEqual(["auth modal | viewed"]);
    // Landing straight on a modal (no JavaScript, a shared link): the page and the modal.
    expect(names(null, "/?auth=Login")).toEqual([
      "home landing page | viewed",
      "auth modal | viewed",
      "home landing page | log in",
    ]);
    // A signed-in page that sent the visitor to log in counts as that page's 'log in'.
    expect(names("/classes", "/?auth=Login&redirect=%2Flibrary")).toEqual([
      "home landing page | viewed",
      "auth modal | viewed",
      "library page | log in",
    ]);
  });

  it("links inside the modal are clicks; the email form's answer is not", () => {
    expect(names("/?auth=Login", "/?auth=CreateAccount")).toEqual(["auth modal | create account clicked"]);
    expect(names("/?auth=CreateAccount", "/?auth=Login")).toEqual(["auth modal | log in clicked"]);
    expect(names("/?auth=Email", "/?auth=CreateAccount&authEmail=a%40b.co")).toEqual([]);
    // Closing the modal is not a page view.
    expect(names("/?auth=Login", "/")).toEqual([]);
  });

  it("the added dialog is the add-to-cart modal's view", () => {
    expect(viewEvents("/classes/a/b", "/classes/a/b?added=p1")).toEqual([
      { name: "add-to-cart modal | viewed", properties: { productId: "p1", path: "/classes/a/b" } },
    ]);
    expect(names("/classes/a/b?added=p1", "/classes/a/b?added=p1")).toEqual([]);
  });

  it("loading more classes is not a new page", () => {
    expect(names("/classes?category=Guitar", "/classes?category=Guitar&cursor=abc")).toEqual([]);
    expect(names("/classes", "/classes?category=Guitar")).toEqual(["browse landing page | viewed"]);
  });
});

describe("the batch schema", () => {
  const track = { type: "track", event: "auth modal | viewed", properties: { form: "Login" }, messageId: "m1" };

  it("takes standard batched uploads of our events", () => {
    expect(
      batchSchema.safeParse({
        batch: [
          track,
          { type: "page", name: "home landing page | viewed", messageId: "m2" },
          { type: "identify", traits: { email: "a@b.co" }, messageId: "m3" },
        ],
        sentAt: new Date().toISOString(),
      }).success,
    ).toBe(true);
  });

  it("refuses unknown names, unknown types, missing ids, empty and oversized batches", () => {
    const bad = [
      { batch: [{ ...track, event: "Order Completed" }] },
      { batch: [{ ...track, type: "alias" }] },
      { batch: [{ ...track, messageId: "" }] },
      { batch: [{ type: "page", name: "shopping cart | item added", messageId: "x" }] },
      { batch: [] },
      { batch: Array.from({ length: 101 }, (_, i) => ({ ...track, messageId: `m${i}` })) },
      { batch: [{ ...track, properties: "nope" }] },
      { batch: "nope" },
    ];
    for (const body of bad) expect(batchSchema.safeParse(body).success, JSON.stringify(body).slice(0, 80)).toBe(false);
  });
});
