// A page of class cards renders its cards once and copies them after that (ui/ServerMemo,
// platform/fragment-memo.server; issue 17 goal 2). In the worker itself: the page with copied cards is
// the page the cards render, and a copy follows the data (tests/unit/server-memo.test.ts holds the
// first render and the copy to each other byte for byte).
import { describe, expect, it } from "vitest";
import { callWith } from "./built-worker";

const call = callWith({});
// A cookie the shared copies do not know: the visitor's own render (issue 17 goal 1 serves the rest).
const own = { headers: { Cookie: "someone=1" } };
const page = async (path: string) => {
  const response = await call(path, own);
  expect(response.status).toBe(200);
  // The page itself (each answer's scripts carry a nonce, an anonymous id and a clock of their own).
  const html = await response.text();
  return html.slice(html.indexOf("<main"), html.indexOf("</main>") + 7);
};
const cardsOf = (html: string) => html.match(/<article class="product-card">/g)?.length ?? 0;

describe("a page of class cards", () => {
  it("is the same page the first time (cards rendered) and after (cards copied)", { timeout: 30_000 }, async () => {
    for (const path of ["/classes?view=Top%20rated", "/classes?view=New%20releases", "/cart"]) {
      const first = await page(path);
      // The copy is made on a later turn: give it one.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const second = await page(path);
      const third = await page(path);
      expect(cardsOf(first), path).toBeGreaterThan(2);
      // Compared as booleans: a failure prints the path, not two 60 KB pages.
      expect(second === first, `${path}: the second page is the first`).toBe(true);
      expect(third === first, `${path}: the third page is the first`).toBe(true);
    }
  });

  it("shows a changed list at once: the copies follow the cards, not the address", async () => {
    const all = await page("/classes");
    const topRated = await page("/classes?view=Top%20rated");
    const titles = (html: string) => [...html.matchAll(/class="product-card__link"[^>]*>([^<]+)</g)].map((m) => m[1]);
    expect(titles(all)).not.toEqual(titles(topRated));
    expect(titles(await page("/classes"))).toEqual(titles(all));
  });
});
