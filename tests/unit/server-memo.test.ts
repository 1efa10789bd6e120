// The server's copies of rendered class cards (ui/ServerMemo, platform/fragment-memo.server; issue 17
// goal 2): a page of cards renders once per set of cards and is copied after that. The copy must be the
// very markup the cards render (the browser hydrates the cards against it), and the memo must stay
// small, make each copy once, and keep working when a copy cannot be made.
import { createRequire } from "node:module";
import { createElement as h, type ReactElement, type ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { ProductGrid } from "~/features/catalog/components/ProductCard";
import type { ProductCardView } from "~/features/catalog/card";
import { createFragmentMemo } from "~/platform/fragment-memo.server";
import { FragmentMemoContext, MemoizedList, type FragmentMemo } from "~/ui/ServerMemo";

// The worker's renderer (react-dom's browser build: Node's own has no web streams), for page and copy alike.
const { renderToReadableStream } = createRequire(import.meta.url)("react-dom/server.browser") as {
  renderToReadableStream: (element: ReactNode) => Promise<ReadableStream>;
};
const toHtml = async (element: ReactNode) => new Response(await renderToReadableStream(element)).text();

function card(n: number, changes: Partial<ProductCardView> = {}): ProductCardView {
  return {
    id: `class-${n}`,
    title: `Class ${n} <for> "everyone" & more`,
    classSlug: `class-${n}`,
    storefrontSlug: "some-school",
    creatorName: "Marisol Vega",
    category: "Guitar",
    coverUrl: `/images/covers/${n}.svg`,
    priceInfo: { price: 1900 + n, crossedPrice: n % 2 ? 4900 : null },
    lessonCount: 12,
    totalSeconds: 3600 + n * 61,
    rating: { average: 4.5, count: n * 1000 },
    comingSoon: n === 3,
    ...changes,
  } as unknown as ProductCardView;
}
const cards = [1, 2, 3, 4].map((n) => card(n));

/** A page on a nested route with the grid in it, rendered as the worker renders pages. */
function page(memo: FragmentMemo | null, products = cards): Promise<string> {
  const element: ReactElement = h("main", null, h(ProductGrid, { products, label: "Classes", eagerCount: 2 }));
  const router = createMemoryRouter([{ path: "/", children: [{ path: "classes", element }] }], {
    initialEntries: ["/classes?view=New"],
    hydrationData: { loaderData: {} },
  });
  return toHtml(h(FragmentMemoContext.Provider, { value: memo }, h(RouterProvider, { router })));
}

describe("a grid of class cards on the server", () => {
  it("renders its cards itself the first time, then copies them: the same markup, byte for byte", async () => {
    const memo = createFragmentMemo({ render: toHtml });
    const plain = await page(null);
    const first = await page(memo);
    await memo.settled();
    const copy = vi.spyOn(memo, "copy");
    const second = await page(memo);
    expect(first).toBe(plain);
    expect(second).toBe(plain);
    expect(copy).toHaveReturnedWith(expect.stringContaining('<li><article class="product-card">'));
    expect(plain).toContain('data-discover="true" href="/classes/some-school/class-1"');
    expect(plain).toContain("Class 1 &lt;for&gt; &quot;everyone&quot; &amp; more");
    expect(plain.match(/<article /g)).toHaveLength(4);
  });

  it("keeps a copy per set of cards: a changed price or title is a set of its own", async () => {
    const memo = createFragmentMemo({ render: toHtml });
    const cheaper = [
      card(1, { priceInfo: { price: 900, crossedPrice: 1901 } } as Partial<ProductCardView>),
      ...cards.slice(1),
    ];
    for (const products of [cards, cheaper]) await page(memo, products);
    await memo.settled();
    expect(await page(memo, cheaper)).toBe(await page(null, cheaper));
    expect(await page(memo, cards)).toBe(await page(null, cards));
    expect(await page(memo, cheaper)).toContain("$9.00");
  });

  it("is a plain list where there is no memo (the browser)", async () => {
    const list = h(MemoizedList, { className: "x", memoKey: () => "never asked", children: h("li", null, "one") });
    const html = await toHtml(list);
    expect(html).toBe('<ul class="x"><li>one</li></ul>');
  });
});

describe("the memo", () => {
  const renderText = vi.fn(async (element: ReactNode) => `<li>${String(element)}</li>`);

  it("makes each copy once, on a later turn, however many pages ask meanwhile", async () => {
    renderText.mockClear();
    const memo = createFragmentMemo({ render: renderText });
    memo.remember("a", () => "A");
    memo.remember("a", () => "A again");
    expect(renderText).not.toHaveBeenCalled();
    expect(memo.copy("a")).toBeUndefined();
    await memo.settled();
    expect(renderText).toHaveBeenCalledTimes(1);
    expect(memo.copy("a")).toBe("<li>A</li>");
    memo.remember("a", () => "A later");
    await memo.settled();
    expect(renderText).toHaveBeenCalledTimes(1);
  });

  it("keeps the most recently used copies, up to its bound", async () => {
    const memo = createFragmentMemo({ entries: 2, render: renderText });
    for (const key of ["a", "b"]) memo.remember(key, () => key);
    await memo.settled();
    expect(memo.copy("a")).toBe("<li>a</li>"); // a is now the most recently used
    memo.remember("c", () => "c");
    await memo.settled();
    expect(memo.copy("b")).toBeUndefined();
    expect(memo.copy("a")).toBe("<li>a</li>");
    expect(memo.copy("c")).toBe("<li>c</li>");
  });

  it("makes no copy when the render fails, and tries again for a later page", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const render = vi.fn(async () => "<li>ok</li>").mockRejectedValueOnce(new Error("no"));
    const memo = createFragmentMemo({ render });
    memo.remember("a", () => "a");
    await memo.settled();
    expect(memo.copy("a")).toBeUndefined();
    expect(warn).toHaveBeenCalledWith("fragment memo: no copy made", expect.any(Error));
    memo.remember("a", () => "a");
    await memo.settled();
    expect(memo.copy("a")).toBe("<li>ok</li>");
    warn.mockRestore();
  });

  it("fails a copy whose items throw, with the worker's renderer", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const memo = createFragmentMemo({ render: toHtml });
    function Broken(): ReactNode {
      throw new Error("broken card");
    }
    memo.remember("broken", () => h(Broken));
    await memo.settled();
    expect(memo.copy("broken")).toBeUndefined();
    warn.mockRestore();
  });
});
