// Which requests may get a shared page (app/http/shared-pages.ts): an allow list of pages, their own
// query parameters and cookies known not to change the page; and the countdown offer's fit.
import { describe, expect, it } from "vitest";
import { offerCookiesOf, offerMemoryFits, sharedPageFor } from "~/http/shared-pages";

const ORIGIN = "https://studio.example";
const decide = (path: string, cookie: string | null = null, method = "GET") =>
  sharedPageFor(method, new URL(path, ORIGIN), cookie);
const EXPIRATION = "studioCountdownMainCycleOffer_expirationDateSeen";
const LAST_SEEN = "studioCountdownMainCycleOffer_lastSeenCurrentOffer";

describe("sharedPageFor", () => {
  it("shares the anonymous pages with their own parameters, one copy whatever the order", () => {
    for (const path of [
      "/",
      "/classes",
      "/classes?category=Guitar&search=blues",
      "/classes?cursor=abc&view=new",
      "/classes?topics=a,b&genres=c",
      "/classes/dex-okafor/riffs-that-rock",
      "/collections/bedroom-producer",
      "/schools/music-school",
      "/school/music",
      "/creators/dex-okafor",
      "/apps/dex-okafor/daily-riffs",
    ])
      expect(decide(path), path).toMatchObject({ shared: true });
    expect(decide("/classes?search=blues&category=Guitar")).toMatchObject({
      key: "/classes?category=Guitar&search=blues",
    });
    // Home shows the hero's A/B test: it has a copy per variant; the remembered variants are neutral.
    expect(decide("/")).toMatchObject({ experiments: ["home-hero"] });
    expect(decide("/classes")).toMatchObject({ experiments: [] });
    expect(decide("/", "studio_variants=home-hero:B")).toMatchObject({ shared: true });
    // A repeated parameter: the first value, as the page itself reads it.
    expect(decide("/classes?search=a&search=b")).toMatchObject({ key: "/classes?search=a" });
  });

  it("does not share other pages, other methods or any other parameter", () => {
    for (const path of ["/cart", "/library", "/account", "/classes/a", "/apps/a/b/onboarding", "/checkout"])
      expect(decide(path), path).toMatchObject({ shared: false, page: false });
    expect(decide("/classes", null, "POST")).toMatchObject({ shared: false, page: true });
    expect(decide("/classes", null, "HEAD")).toMatchObject({ shared: false });
    for (const path of [
      "/?auth=Login",
      "/classes?redirect=/library",
      "/?utm_source=news",
      "/?aaCampaign=spring",
      "/?p=vip",
      "/creators/dex-okafor?share=1",
      "/classes/dex-okafor/riffs-that-rock?added=1",
      "/apps/dex-okafor/daily-riffs?purchased=1",
    ])
      expect(decide(path), path).toMatchObject({ shared: false, page: true });
  });

  it("shares with the visitor's id, attribution, offer memory, theme and the platform's cookies only", () => {
    expect(
      decide(
        "/classes",
        `dx_non_auth_user_id=anon_1; studio_attribution=x; ${EXPIRATION}=1; ${LAST_SEEN}=2; studio_theme=ImRhcmsi; __cf_bm=z; _cfuvid=y`,
      ),
    ).toMatchObject({ shared: true });
    for (const cookie of [
      "studio_session=abc",
      "studio_toast=e30%3D",
      "studio_cart=1",
      "studio_vip_gate=vip",
      "noPriceOffer=true",
      "aaCampaign=spring",
      "friendReferral=ada",
      "anything_else=1",
    ])
      expect(decide("/classes", `dx_non_auth_user_id=anon_1; ${cookie}`), cookie).toMatchObject({ shared: false });
  });
});

describe("the countdown offer and the copy", () => {
  const copy = { expirationDateSeen: "1796949218855", noPriceOffer: null };

  it("a page that decided no offer fits everyone", () => {
    expect(offerMemoryFits(null, { [EXPIRATION]: "5", [LAST_SEEN]: "6" })).toBe(true);
  });

  it("fits a visitor who never saw the offer, or saw this very one; not one in a cooldown or back for another", () => {
    expect(offerMemoryFits(copy, {})).toBe(true);
    expect(offerMemoryFits(copy, { [EXPIRATION]: "1796949218855", [LAST_SEEN]: "1" })).toBe(true);
    expect(offerMemoryFits(copy, { [EXPIRATION]: "1000", [LAST_SEEN]: "1" })).toBe(false);
    expect(offerMemoryFits(copy, { [LAST_SEEN]: "1" })).toBe(false);
    expect(offerMemoryFits({ expirationDateSeen: null, noPriceOffer: "true" }, { [EXPIRATION]: "1" })).toBe(false);
  });

  it("remembers the offer cookies the copy's render set, not the time it was seen", () => {
    expect(
      offerCookiesOf([
        `${EXPIRATION}=1796949218855; Max-Age=31536000; Path=/`,
        `${LAST_SEEN}=1795739689531; Max-Age=31536000; Path=/`,
      ]),
    ).toEqual(copy);
    expect(offerCookiesOf(["noPriceOffer=true; Path=/"])).toEqual({ expirationDateSeen: null, noPriceOffer: "true" });
    expect(offerCookiesOf([])).toBeNull();
  });
});
