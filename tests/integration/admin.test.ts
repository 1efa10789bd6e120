import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call } from "./app-context";

const post = (fields: Record<string, string>, cookie: string) => ({
  method: "POST",
  body: new URLSearchParams(fields),
  headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
});

async function signUp(email: string) {
  const response = await call("/auth/create-account", {
    method: "POST",
    body: new URLSearchParams({ email, firstName: "Adm", lastName: "In", password: "first password" }),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.startsWith("studio_session="))!;
}

describe("/admin", () => {
  it("sends visitors to Log In, refuses non-admins with 403 and changes nothing for them", async () => {
    expect((await call("/admin")).headers.get("location")).toBe("/?auth=Login&redirect=%2Fadmin");
    const learner = await signUp("not-admin@example.com");
    expect((await call("/admin", { headers: { Cookie: learner } })).status).toBe(403);
    const target = await env.DB.prepare("SELECT id FROM users WHERE email = 'not-admin@example.com'").first<{
      id: string;
    }>();
    const attempt = await call(
      "/admin",
      post({ intent: "user-flag", userId: target!.id, flag: "isStudioVip", value: "on" }, learner),
    );
    expect(attempt.status).toBe(403);
    expect(await env.DB.prepare("SELECT is_studio_vip AS v FROM users WHERE id = ?").bind(target!.id).first()).toEqual({
      v: 0,
    });
  });

  it("finds a user by a long part of their address or name (no LIKE pattern limit), as plain text", async () => {
    const admin = await signUp("long-search-admin@example.com");
    await env.DB.prepare("UPDATE users SET is_admin = 1 WHERE email = 'long-search-admin@example.com'").run();
    const email = "a-rather-long-address-for-the-admin-search@learners.example.com";
    await signUp(email);
    const search = async (q: string) => call(`/admin?q=${encodeURIComponent(q)}`, { headers: { Cookie: admin } });
    const whole = await search(email);
    expect(whole.status).toBe(200);
    expect(await whole.text()).toContain(email);
    // % and _ are letters to search for, not wildcards.
    expect(await (await search("a%long")).text()).not.toContain(email);
    expect(await (await search("Adm In")).text()).toContain(email);
  });

  it("finds users and switches their VIP, creator and new-dashboard flags", async () => {
    const admin = await signUp("the-admin@example.com");
    await env.DB.prepare("UPDATE users SET is_admin = 1 WHERE email = 'the-admin@example.com'").run();
    await signUp("findme@example.com");
    const page = await (await call("/admin?q=findme", { headers: { Cookie: admin } })).text();
    expect(page).toContain("findme@example.com");
    expect(page).not.toContain("not-admin@example.com");
    const { id } = (await env.DB.prepare("SELECT id FROM users WHERE email = 'findme@example.com'").first<{
      id: string;
    }>())!;
    for (const [flag, value] of [
      ["isStudioVip", "on"],
      ["isCreator", "on"],
      ["hasNewDashboardAccess", "on"],
    ]) {
      expect(
        (await call("/admin", post({ intent: "user-flag", userId: id, flag, value, q: "findme" }, admin))).headers.get(
          "location",
        ),
      ).toBe("/admin?q=findme");
    }
    expect(
      await env.DB.prepare("SELECT is_studio_vip AS v, creator_info AS c FROM users WHERE id = ?").bind(id).first(),
    ).toEqual({ v: 1, c: '{"hasNewDashboardAccess":true}' });
    await call("/admin", post({ intent: "user-flag", userId: id, flag: "isCreator", value: "off" }, admin));
    expect(await env.DB.prepare("SELECT creator_info AS c FROM users WHERE id = ?").bind(id).first()).toEqual({
      c: null,
    });
    expect(
      (await call("/admin", post({ intent: "user-flag", userId: "nope", flag: "isStudioVip", value: "on" }, admin)))
        .status,
    ).toBe(400);
  });

  it("saves feature flags, checks the banner's payload, and drops the cached copy", async () => {
    const admin = await signUp("flag-admin@example.com");
    await env.DB.prepare("UPDATE users SET is_admin = 1 WHERE email = 'flag-admin@example.com'").run();
    const before = await env.DB.prepare(
      "SELECT payload FROM feature_flags WHERE key = 'homepage-yellow-banner-text'",
    ).first();
    const bad = await call(
      "/admin",
      post({ intent: "flag", key: "homepage-yellow-banner-text", enabled: "on", payload: '{"theme":"neon"}' }, admin),
    );
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("The banner payload is not valid");
    expect(
      await env.DB.prepare("SELECT payload FROM feature_flags WHERE key = 'homepage-yellow-banner-text'").first(),
    ).toEqual(before);
    expect((await call("/admin", post({ intent: "flag", key: "x", payload: "[1]" }, admin))).status).toBe(400);
    expect((await call("/admin", post({ intent: "flag", key: "bad key!", payload: "" }, admin))).status).toBe(400);

    await env.CACHE.put("flag:new-checkout", JSON.stringify({ enabled: false, payload: null }));
    const saved = await call(
      "/admin",
      post({ intent: "flag", key: "new-checkout", enabled: "on", payload: '{"percent":10}' }, admin),
    );
    expect(saved.status).toBe(303);
    expect(
      await env.DB.prepare("SELECT enabled, payload FROM feature_flags WHERE key = 'new-checkout'").first(),
    ).toEqual({ enabled: 1, payload: '{"percent":10}' });
    expect(await env.CACHE.get("flag:new-checkout")).toBeNull();
  });
});
