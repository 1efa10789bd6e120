// D1 read replication (http/d1-session.server.ts): a write's answer carries the session's bookmark,
// the pages after it read at least that new, reads without one run unconstrained, and a made-up
// bookmark is ignored rather than an error.
import { describe, expect, it } from "vitest";
import { Browser, html, product } from "./commerce-helpers";

const BOOKMARK = "studio_d1";

describe("D1 sessions", () => {
  it("a write's answer gives the browser its bookmark; the pages after it read their own write", async () => {
    const browser = new Browser();
    const first = await browser.get("/classes");
    expect(first.headers.getSetCookie().some((c) => c.startsWith(`${BOOKMARK}=`))).toBe(false);
    const riffs = await product("riffs-that-rock");
    const added = await browser.cart("add", riffs.id, "/cart");
    expect(added.status).toBe(303);
    const cookie = added.headers.getSetCookie().find((c) => c.startsWith(`${BOOKMARK}=`));
    expect(cookie).toMatch(/^studio_d1=[0-9a-f-]+; Max-Age=300; Path=\/; SameSite=Lax; HttpOnly$/);
    // The bookmark goes back with the next read, which sees the cart it wrote.
    const cart = await browser.get("/cart");
    expect(cart.status).toBe(200);
    expect(await html(cart)).toContain(riffs.title);
  });

  it("a bookmark a browser made up is ignored, and the page is read as any other", async () => {
    for (const value of ["not-a-bookmark", "zz-zz", "0".repeat(500)]) {
      const response = await new Browser({ [BOOKMARK]: value }).get("/classes");
      expect(response.status, value).toBe(200);
    }
  });

  it("the token APIs, which read no cookie, set none", async () => {
    const response = await new Browser().postJson(
      "/api/identity",
      { AuthFlow: "USER_PASSWORD_AUTH", ClientId: "nobody", AuthParameters: {} },
      {
        "X-Amz-Target": "AWSCognitoIdentityProviderService.InitiateAuth",
        "Content-Type": "application/x-amz-json-1.1",
      },
    );
    expect(response.status).toBeLessThan(500);
    expect(response.headers.getSetCookie().some((c) => c.startsWith(`${BOOKMARK}=`))).toBe(false);
  });
});
