import { describe, expect, it } from "vitest";
import {
  addAll,
  addItem,
  addOnly,
  cartTotals,
  creditApplied,
  creditCents,
  ctaAdd,
  discountAmount,
  mergeCarts,
  removeItem,
  withQuery,
  type CartEntry,
} from "~/features/cart/rules";

type Item = CartEntry & { name?: string };
const cls = (id: string, name?: string): Item => ({ id, isSubscription: false, ...(name ? { name } : {}) });
const sub = (id: string): Item => ({ id, isSubscription: true });
const ids = (items: { id: string }[]) => items.map((i) => i.id);
const priced = (price: number, crossedPrice: number | null = null) => ({ priceInfo: { price, crossedPrice } });

describe("addItem", () => {
  it("appends a new item at the end", () => {
    expect(ids(addItem([cls("a"), cls("b")], cls("c")))).toEqual(["a", "b", "c"]);
    expect(ids(addItem([], cls("a")))).toEqual(["a"]);
  });
  it("removes the same id and moves it to the end (the new copy wins)", () => {
    const out = addItem([cls("a", "old"), cls("b")], cls("a", "new"));
    expect(ids(out)).toEqual(["b", "a"]);
    expect(out[1].name).toBe("new");
  });
  it("removes every subscription item", () => {
    expect(ids(addItem([sub("s1"), cls("a"), sub("s2"), cls("b")], cls("c")))).toEqual(["a", "b", "c"]);
  });
  it("adding a subscription also drops other subscriptions but keeps classes", () => {
    expect(ids(addItem([sub("s1"), cls("a")], sub("s2")))).toEqual(["a", "s2"]);
  });
  it("does not mutate its input", () => {
    const items = [cls("a"), sub("s")];
    addItem(items, cls("b"));
    expect(ids(items)).toEqual(["a", "s"]);
  });
});

describe("addOnly", () => {
  it("makes the cart exactly that one item", () => {
    const item = cls("x");
    const out = addOnly([cls("a"), sub("s"), cls("x")], item);
    expect(out).toEqual([item]);
    expect(addOnly([], sub("s"))).toEqual([sub("s")]);
  });
});

describe("addAll", () => {
  it("appends in order", () => {
    expect(ids(addAll([cls("a")], [cls("b"), cls("c")]))).toEqual(["a", "b", "c"]);
  });
  it("skips ids already in the cart (keeping the cart's copy and position)", () => {
    const out = addAll([cls("a", "cart"), cls("b")], [cls("a", "list"), cls("c")]);
    expect(ids(out)).toEqual(["a", "b", "c"]);
    expect(out[0].name).toBe("cart");
  });
  it("skips duplicates within the list (first one wins)", () => {
    const out = addAll([], [cls("a", "first"), cls("b"), cls("a", "second"), cls("b")]);
    expect(ids(out)).toEqual(["a", "b"]);
    expect(out[0].name).toBe("first");
  });
  it("does not remove subscriptions and does not mutate inputs", () => {
    const items = [sub("s")];
    const out = addAll(items, [cls("a")]);
    expect(ids(out)).toEqual(["s", "a"]);
    expect(ids(items)).toEqual(["s"]);
  });
  it("empty list leaves the cart as it was", () => {
    expect(ids(addAll([cls("a")], []))).toEqual(["a"]);
  });
});

describe("removeItem", () => {
  it("removes by id, keeps order", () => {
    expect(ids(removeItem([cls("a"), cls("b"), cls("c")], "b"))).toEqual(["a", "c"]);
  });
  it("unknown id is a no-op", () => {
    expect(ids(removeItem([cls("a")], "zz"))).toEqual(["a"]);
    expect(removeItem([], "a")).toEqual([]);
  });
});

describe("mergeCarts", () => {
  it("server items first, then local items not on the server", () => {
    const out = mergeCarts(
      [cls("s1", "server"), cls("shared", "server")],
      [cls("l1"), cls("shared", "local"), cls("l2")],
    );
    expect(ids(out)).toEqual(["s1", "shared", "l1", "l2"]);
    expect(out[1].name).toBe("server");
  });
  it("only the server has items", () => {
    expect(ids(mergeCarts([cls("a"), cls("b")], []))).toEqual(["a", "b"]);
  });
  it("only the visitor has items", () => {
    expect(ids(mergeCarts([], [cls("a"), cls("b")]))).toEqual(["a", "b"]);
  });
  it("both empty", () => {
    expect(mergeCarts([], [])).toEqual([]);
  });
});

describe("ctaAdd", () => {
  it("a subscription replaces the whole cart", () => {
    expect(ids(ctaAdd([cls("a"), cls("b"), sub("s1")], sub("s2")))).toEqual(["s2"]);
  });
  it("a class is added (dropping subscriptions and a same-id copy)", () => {
    expect(ids(ctaAdd([cls("a"), sub("s1"), cls("b")], cls("a")))).toEqual(["b", "a"]);
    expect(ids(ctaAdd([cls("a")], cls("c")))).toEqual(["a", "c"]);
  });
});

describe("creditApplied", () => {
  it("the whole credit when the total is larger", () => {
    expect(creditApplied(1000, 5000)).toBe(1000);
  });
  it("the total when the credit is larger", () => {
    expect(creditApplied(5000, 1200)).toBe(1200);
    expect(creditApplied(1200, 1200)).toBe(1200);
  });
  it("never negative", () => {
    expect(creditApplied(-100, 5000)).toBe(0);
    expect(creditApplied(1000, -50)).toBe(0);
    expect(creditApplied(0, 0)).toBe(0);
  });
  it("rounds to whole cents", () => {
    expect(creditApplied(999.6, 5000)).toBe(1000);
    expect(creditApplied(5000, 1234.4)).toBe(1234);
  });
});

describe("cartTotals", () => {
  it("empty cart is all zeros", () => {
    expect(cartTotals([])).toEqual({ subtotal: 0, regular: 0, discount: 0, credit: 0, total: 0 });
  });
  it("sums prices; regular uses the crossed price where present", () => {
    expect(cartTotals([priced(1000, 2000), priced(500)])).toEqual({
      subtotal: 1500,
      regular: 2500,
      discount: 0,
      credit: 0,
      total: 1500,
    });
  });
  it("regular equals subtotal when nothing is on offer", () => {
    const t = cartTotals([priced(1000), priced(250)]);
    expect(t.regular).toBe(t.subtotal);
  });
  it("sums in integer cents (each price rounded)", () => {
    const t = cartTotals([priced(10.4), priced(10.4), priced(10.4)]);
    expect(t.subtotal).toBe(30);
    expect(Number.isInteger(t.total)).toBe(true);
  });
  it("applies the discount, then the credit", () => {
    expect(cartTotals([priced(5000)], { discountCents: 1000, creditCents: 1500 })).toEqual({
      subtotal: 5000,
      regular: 5000,
      discount: 1000,
      credit: 1500,
      total: 2500,
    });
  });
  it("credit is capped at what is left after the discount", () => {
    expect(cartTotals([priced(5000)], { discountCents: 4000, creditCents: 2000 })).toEqual({
      subtotal: 5000,
      regular: 5000,
      discount: 4000,
      credit: 1000,
      total: 0,
    });
  });
  it("discount is capped at the subtotal and never negative", () => {
    expect(cartTotals([priced(3000)], { discountCents: 9999, creditCents: 500 })).toEqual({
      subtotal: 3000,
      regular: 3000,
      discount: 3000,
      credit: 0,
      total: 0,
    });
    expect(cartTotals([priced(3000)], { discountCents: -200 }).discount).toBe(0);
    expect(cartTotals([priced(3000)], { discountCents: -200 }).total).toBe(3000);
  });
  it("total never negative", () => {
    for (const [d, c] of [
      [0, 10_000],
      [10_000, 10_000],
      [2999, 5],
      [-1, -1],
    ]) {
      const t = cartTotals([priced(1000), priced(2000)], { discountCents: d, creditCents: c });
      expect(t.total).toBeGreaterThanOrEqual(0);
      expect(t.subtotal - t.discount - t.credit).toBe(t.total);
    }
  });
});

describe("creditCents", () => {
  it("dollars to cents", () => {
    expect(creditCents(10)).toBe(1000);
    expect(creditCents(12.5)).toBe(1250);
    expect(creditCents(0.29)).toBe(29); // 0.29 * 100 is 28.999… in floating point
    expect(creditCents(19.99)).toBe(1999);
  });
  it.each([0, -5, NaN, Infinity, -Infinity, "12.5", "10", null, undefined, {}, [10], true])(
    "bad or empty value %j -> 0",
    (value) => {
      expect(creditCents(value)).toBe(0);
    },
  );
});

describe("discountAmount", () => {
  it("percent of the subtotal, rounded", () => {
    expect(discountAmount({ percentOff: 10, amountOffCents: null }, 5000)).toBe(500);
    expect(discountAmount({ percentOff: 15, amountOffCents: null }, 999)).toBe(150); // 149.85
    expect(discountAmount({ percentOff: 33, amountOffCents: null }, 101)).toBe(33); // 33.33
    expect(discountAmount({ percentOff: 50, amountOffCents: null }, 3)).toBe(2); // 1.5 rounds up
  });
  it("percent wins over an amount when both are set", () => {
    expect(discountAmount({ percentOff: 10, amountOffCents: 4000 }, 5000)).toBe(500);
  });
  it("a fixed amount, capped at the subtotal", () => {
    expect(discountAmount({ percentOff: null, amountOffCents: 700 }, 5000)).toBe(700);
    expect(discountAmount({ percentOff: null, amountOffCents: 7000 }, 5000)).toBe(5000);
  });
  it("100%+ is capped at the subtotal; nothing set or negative is 0", () => {
    expect(discountAmount({ percentOff: 150, amountOffCents: null }, 5000)).toBe(5000);
    expect(discountAmount({ percentOff: null, amountOffCents: null }, 5000)).toBe(0);
    expect(discountAmount({ percentOff: null, amountOffCents: -300 }, 5000)).toBe(0);
    expect(discountAmount({ percentOff: 20, amountOffCents: null }, 0)).toBe(0);
  });
});

describe("withQuery", () => {
  it("appends the query, with or without a leading ?", () => {
    expect(withQuery("/cart", "?p=vip&ref=x")).toBe("/cart?p=vip&ref=x");
    expect(withQuery("/cart", "p=vip")).toBe("/cart?p=vip");
  });
  it("no query: the bare path", () => {
    expect(withQuery("/cart", "")).toBe("/cart");
    expect(withQuery("/checkout", "?")).toBe("/checkout");
  });
});
