// The creator storefront's pure rules: share target addresses, the share parameter, the meta
// description, and the events its addresses make (events.ts: page view, get started, log in, share modal).
import { describe, expect, it } from "vitest";
import { screenEvent, screenOf, viewEvents } from "~/features/analytics/events";
import {
  isShareTarget,
  metaDescription,
  SHARE_TARGETS,
  sharePath,
  shareTargetUrl,
  shareText,
  storefrontPath,
  withShareParam,
} from "~/features/storefronts/rules";
import { shareQuery, storefrontQuery } from "~/features/storefronts/schema";

const share = {
  url: "https://studio.example/creators/marisol-vega",
  text: "Marisol Vega teaches on Studio. Have a look:",
  subject: "Marisol Vega on Studio",
};

describe("share targets", () => {
  it("are the four fixed networks, each a plain link with the canonical address encoded", () => {
    expect(SHARE_TARGETS).toEqual(["email", "x", "facebook", "whatsapp"]);
    expect(shareTargetUrl("email", share)).toBe(
      "mailto:?subject=Marisol%20Vega%20on%20Studio&body=Marisol%20Vega%20teaches%20on%20Studio.%20Have%20a%20look%3A%0A%0Ahttps%3A%2F%2Fstudio.example%2Fcreators%2Fmarisol-vega",
    );
    expect(shareTargetUrl("x", share)).toBe(
      "https://twitter.com/intent/tweet?text=Marisol%20Vega%20teaches%20on%20Studio.%20Have%20a%20look%3A&url=https%3A%2F%2Fstudio.example%2Fcreators%2Fmarisol-vega",
    );
    expect(shareTargetUrl("facebook", share)).toBe(
      "https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fstudio.example%2Fcreators%2Fmarisol-vega",
    );
    expect(shareTargetUrl("whatsapp", share)).toBe(
      "https://wa.me/?text=Marisol%20Vega%20teaches%20on%20Studio.%20Have%20a%20look%3A%20https%3A%2F%2Fstudio.example%2Fcreators%2Fmarisol-vega",
    );
  });

  it("a link or text cannot change the host: it is only ever a query value", () => {
    const sneaky = { url: "https://evil.example/?a=1&u=https://x", text: "&url=https://evil.example#", subject: "x" };
    for (const target of SHARE_TARGETS) {
      const address = shareTargetUrl(target, sneaky);
      if (target === "email") expect(address.startsWith("mailto:?subject=")).toBe(true);
      else
        expect(new URL(address).host).toBe(
          { x: "twitter.com", facebook: "www.facebook.com", whatsapp: "wa.me" }[target],
        );
      expect(address).not.toContain("&url=https://evil");
    }
  });

  it("only the fixed names are targets; the redirect's query refuses anything else in words", () => {
    expect(isShareTarget("x")).toBe(true);
    expect(isShareTarget("https://evil.example")).toBe(false);
    expect(shareQuery.safeParse({ to: "facebook" }).success).toBe(true);
    const bad = shareQuery.safeParse({ to: "https://evil.example" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].message).toBe("Choose where to share: email, x, facebook, whatsapp.");
    expect(shareQuery.safeParse({}).success).toBe(false);
  });

  it("addresses: the page, the redirect, the modal's open and close", () => {
    expect(storefrontPath("dex-okafor")).toBe("/creators/dex-okafor");
    expect(sharePath("dex-okafor", "whatsapp")).toBe("/creators/dex-okafor/share?to=whatsapp");
    expect(withShareParam("/creators/a", true)).toBe("/creators/a?share=1");
    expect(withShareParam("/creators/a?cursor=c1", true)).toBe("/creators/a?cursor=c1&share=1");
    expect(withShareParam("/creators/a?share=1&cursor=c1", false)).toBe("/creators/a?cursor=c1");
    expect(withShareParam("/creators/a?share=1", false)).toBe("/creators/a");
    expect(shareText("Dex Okafor", "Studio")).toBe("Dex Okafor teaches on Studio. Have a look:");
  });
});

describe("the storefront's query", () => {
  it("ignores a malformed cursor and reads share=1 as open", () => {
    expect(storefrontQuery.parse({ cursor: "nope", share: "1" })).toEqual({ cursor: undefined, share: true });
    const id = "0b7a0c52-7a3c-4b7e-9a43-2f1d1b0c9e11";
    expect(storefrontQuery.parse({ cursor: id })).toEqual({ cursor: id, share: false });
    expect(storefrontQuery.parse({ share: "0" }).share).toBe(false);
  });

  it("the meta description is the headline and bio, at most 160 characters, cut at a word", () => {
    expect(metaDescription("Pianist", "Short bio.")).toBe("Pianist. Short bio.");
    const long = metaDescription("Concert pianist", "word ".repeat(80));
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long.endsWith("word…")).toBe(true);
  });
});

describe("the storefront's events from addresses", () => {
  const names = (prev: string | null, next: string) => viewEvents(prev, next).map((e) => e.name);

  it("/creators/{slug} is the creator storefront page, with the slug", () => {
    expect(screenOf("/creators/marisol-vega")).toBe("creator storefront page");
    expect(screenOf("/creators/marisol-vega/share")).toBeNull();
    expect(screenOf("/creator")).toBe("creators page");
    expect(viewEvents(null, "/creators/marisol-vega")).toEqual([
      {
        name: "creator storefront page | viewed",
        properties: { path: "/creators/marisol-vega", slug: "marisol-vega" },
      },
    ]);
  });

  it("Get started and Log in open the auth modal over the page", () => {
    expect(names("/creators/a", "/creators/a?auth=Email")).toEqual([
      "auth modal | viewed",
      "creator storefront page | get started",
    ]);
    expect(names("/creators/a", "/creators/a?auth=Login")).toEqual([
      "auth modal | viewed",
      "creator storefront page | log in",
    ]);
    expect(screenEvent("/creators/a", "log in")).toBe("creator storefront page | log in");
  });

  it("?share=1 opens the share modal: 'share modal viewed', once, and never a second page view", () => {
    expect(viewEvents("/creators/a", "/creators/a?share=1")).toEqual([
      { name: "creator storefront page | share modal viewed", properties: { path: "/creators/a", slug: "a" } },
    ]);
    expect(names("/creators/a?share=1", "/creators/a?share=1")).toEqual([]);
    // Closing it is not a view of anything.
    expect(names("/creators/a?share=1", "/creators/a")).toEqual([]);
    // Landing straight on the modal: the page's view and the modal's.
    expect(names(null, "/creators/a?share=1")).toEqual([
      "creator storefront page | viewed",
      "creator storefront page | share modal viewed",
    ]);
    // From another page, with the storefront's cursor kept.
    expect(names("/classes/a/b", "/creators/a?cursor=c1&share=1")).toEqual([
      "creator storefront page | viewed",
      "creator storefront page | share modal viewed",
    ]);
    expect(names("/creators/a", "/creators/a?share=0")).toEqual([]);
  });

  it("a share parameter elsewhere is nothing (only the storefront has a share modal)", () => {
    expect(names("/classes/a/b", "/classes/a/b?share=1")).toEqual([]);
  });

  it("loading more classes is not a new page", () => {
    expect(names("/creators/a", "/creators/a?cursor=c1")).toEqual([]);
  });
});
