import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from "jose";
import { call } from "./app-context";
import { identity } from "./identity-helpers";

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: "POST",
  body: JSON.stringify(body),
  headers: { "Content-Type": "application/json", ...headers },
});
const cookiesOf = (response: Response) => response.headers.getSetCookie().map((c) => c.split(";")[0]);

async function signUp(email: string, extraCookie = "") {
  const response = await call("/auth/create-account", {
    method: "POST",
    body: new URLSearchParams({ email, firstName: "Api", lastName: "User", password: "first password" }),
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(extraCookie ? { Cookie: extraCookie } : {}) },
  });
  expect(response.status).toBe(303);
  return { cookie: cookiesOf(response).find((c) => c.startsWith("studio_session="))!, response };
}

const userOf = (email: string) =>
  env.DB.prepare("SELECT id, username, is_studio_vip AS vip FROM users WHERE email = ?")
    .bind(email)
    .first<{ id: string; username: string; vip: number }>();

describe("anonymous visitors", () => {
  it("get an anon_ id cookie on their first page, and keep it", async () => {
    const first = await call("/classes");
    const cookie = cookiesOf(first).find((c) => c.startsWith("dx_non_auth_user_id="))!;
    expect(cookie).toMatch(/^dx_non_auth_user_id=anon_[0-9a-f-]{36}$/);
    expect(first.headers.getSetCookie().find((c) => c.startsWith("dx_non_auth_user_id="))).not.toMatch(/HttpOnly/i);
    const again = await call("/classes", { headers: { Cookie: cookie } });
    expect(cookiesOf(again).some((c) => c.startsWith("dx_non_auth_user_id="))).toBe(false);
  });

  it("are linked to the account at sign-in, once, and the link answers the spec's shape", async () => {
    const anon = `anon_${crypto.randomUUID()}`;
    const { cookie } = await signUp("anon-link@example.com", `dx_non_auth_user_id=${anon}`);
    expect(
      await env.DB.prepare("SELECT user_id FROM anonymous_links WHERE anonymous_id = ?").bind(anon).first(),
    ).toEqual({ user_id: (await userOf("anon-link@example.com"))!.id });
    // Only an id the request carries (its visitor cookie or X-Non-Auth-User-Id) is linked.
    const again = await call(
      "/api/users/linkAuthUserWithAnonymousUserId",
      json({ anonymousUserId: anon }, { Cookie: `${cookie}; dx_non_auth_user_id=${anon}` }),
    );
    expect(await again.json()).toEqual({ success: true, dataLinked: false, message: "Already linked" });
    const freshId = `anon_${crypto.randomUUID()}`;
    const fresh = await call(
      "/api/users/linkAuthUserWithAnonymousUserId",
      json({ anonymousUserId: freshId }, { Cookie: cookie, "X-Non-Auth-User-Id": freshId }),
    );
    expect(await fresh.json()).toMatchObject({ success: true, dataLinked: false });
    const notCarried = await call(
      "/api/users/linkAuthUserWithAnonymousUserId",
      json({ anonymousUserId: `anon_${crypto.randomUUID()}` }, { Cookie: cookie }),
    );
    expect(notCarried.status).toBe(403);
    expect(await notCarried.json()).toMatchObject({ success: false });
    const bad = await call(
      "/api/users/linkAuthUserWithAnonymousUserId",
      json({ anonymousUserId: "nope" }, { Cookie: cookie }),
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ success: false, message: "anonymousUserId must be 'anon_' followed by a UUID" });
    // Someone else cannot claim it: not from a body, and not even carrying it, once it is linked.
    const other = await signUp("anon-other@example.com");
    expect(
      await (
        await call(
          "/api/users/linkAuthUserWithAnonymousUserId",
          json({ anonymousUserId: anon }, { Cookie: other.cookie }),
        )
      ).json(),
    ).toMatchObject({ success: false });
    expect(
      await (
        await call(
          "/api/users/linkAuthUserWithAnonymousUserId",
          json({ anonymousUserId: anon }, { Cookie: other.cookie, "X-Non-Auth-User-Id": anon }),
        )
      ).json(),
    ).toEqual({
      success: false,
      message: "This anonymous id belongs to another account",
    });
    expect((await call("/api/users/linkAuthUserWithAnonymousUserId", json({ anonymousUserId: anon }))).status).toBe(
      401,
    );
  });
});

describe("bearer tokens", () => {
  it("generateAppAuthToken issues a token that authenticates API calls", async () => {
    const { cookie } = await signUp("bearer@example.com");
    const issued = (await (await call("/api/users/generateAppAuthToken", json({}, { Cookie: cookie }))).json()) as {
      response: { token: string; tokenType: string };
    };
    expect(issued.response.tokenType).toBe("Bearer");
    const me = await call("/api/users/getBasicUserInfo", {
      headers: { Authorization: `Bearer ${issued.response.token}` },
    });
    const info = (await me.json()) as { userId: string };
    expect(info).toMatchObject({ firstName: "Api" });
    // A creator app's backend checks it against the published keys, as an app token for it.
    const jwks = (await (await call("/.well-known/jwks.json")).json()) as JSONWebKeySet;
    const { payload } = await jwtVerify(issued.response.token, createLocalJWKSet(jwks), {
      issuer: "http://127.0.0.1:8787",
      audience: "creator-apps",
    });
    expect(payload).toMatchObject({ sub: info.userId, token_use: "app" });
    expect(payload.exp! - payload.iat!).toBe(3600);
    // It is not an access token: the identity API's calls on the account refuse it.
    expect((await identity("GetUser", { AccessToken: issued.response.token })).body.__type).toBe(
      "NotAuthorizedException",
    );
    expect((await call("/api/users/getBasicUserInfo", { headers: { Authorization: "Bearer 0000" } })).status).toBe(401);
    // Signing out everywhere revokes tokens too.
    await call("/account", {
      method: "POST",
      body: new URLSearchParams({ intent: "signout-everywhere" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    });
    expect(
      (await call("/api/users/getBasicUserInfo", { headers: { Authorization: `Bearer ${issued.response.token}` } }))
        .status,
    ).toBe(401);
  });
  it("generateAppAuthToken answers only a session or an access token, never a token it or the sign-in handed out otherwise", async () => {
    const email = "app-token-chain@example.com";
    const { cookie } = await signUp(email);
    const generate = (headers: Record<string, string>) => call("/api/users/generateAppAuthToken", json({}, headers));
    const fromCookie = await generate({ Cookie: cookie });
    expect(fromCookie.status).toBe(200);
    const appToken = ((await fromCookie.json()) as { response: { token: string } }).response.token;
    const auth = await identity("InitiateAuth", {
      AuthFlow: "USER_PASSWORD_AUTH",
      AuthParameters: { USERNAME: email, PASSWORD: "first password" },
    });
    const tokens = auth.body.AuthenticationResult as { AccessToken: string; IdToken: string; RefreshToken: string };
    // An access token of the product's own sign-in still gets one.
    const fromAccess = await generate({ Authorization: `Bearer ${tokens.AccessToken}` });
    expect(fromAccess.status).toBe(200);
    expect(((await fromAccess.json()) as { response: { token: string } }).response.token).toEqual(expect.any(String));
    // An app token cannot renew itself (its hour is the bound), nor can an id or a refresh token ask for one:
    // each is refused as a caller with no token is.
    const unauthenticated = await generate({});
    expect(unauthenticated.status).toBe(401);
    const refusal = await unauthenticated.json();
    for (const token of [appToken, tokens.IdToken, tokens.RefreshToken]) {
      const answer = await generate({ Authorization: `Bearer ${token}` });
      expect(answer.status).toBe(401);
      expect(await answer.json()).toEqual(refusal);
    }
    // Even beside the session cookie, a refused bearer is the caller: it does not fall back to the cookie.
    expect((await generate({ Authorization: `Bearer ${appToken}`, Cookie: cookie })).status).toBe(401);
    // The app token still acts for the user on the other calls.
    expect(
      (await call("/api/users/getBasicUserInfo", { headers: { Authorization: `Bearer ${appToken}` } })).status,
    ).toBe(200);
  });
});

describe("backend user and profile calls", () => {
  it("createUser completes the caller's own profile only", async () => {
    const { cookie } = await signUp("backend@example.com");
    const user = (await userOf("backend@example.com"))!;
    const ok = await call(
      "/api/users/createUser",
      json(
        {
          userId: user.username,
          email: "Backend@Example.com",
          firstName: "Bea",
          lastName: "Kend",
          isSocialSignIn: false,
        },
        { Cookie: cookie },
      ),
    );
    expect(await ok.json()).toMatchObject({
      success: true,
      user: { firstName: "Bea", lastName: "Kend", email: "backend@example.com", membershipStatus: "inactive" },
    });
    const form = await call("/api/createUser", {
      method: "POST",
      body: new URLSearchParams({
        userId: user.id,
        email: "backend@example.com",
        firstName: "Beatrice",
        lastName: "Kend",
      }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    });
    expect(await form.json()).toMatchObject({ success: true, user: { firstName: "Beatrice" } });
    expect(
      (
        await call(
          "/api/users/createUser",
          json(
            { userId: crypto.randomUUID(), email: "backend@example.com", firstName: "X", lastName: "Y" },
            { Cookie: cookie },
          ),
        )
      ).status,
    ).toBe(403);
    const bad = await call(
      "/api/users/createUser",
      json(
        { userId: user.id, email: "backend@example.com", firstName: "", lastName: "Y".repeat(21) },
        { Cookie: cookie },
      ),
    );
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe("You must provide a first name.");
    expect((await call("/api/users/createUser", json({ userId: user.id }))).status).toBe(401);
  });

  it("updateStudioVipStatus: admins grant, users may only give theirs up", async () => {
    const { cookie } = await signUp("vip@example.com");
    const vip = (await userOf("vip@example.com"))!;
    expect(
      (await call("/api/users/updateStudioVipStatus", json({ isStudioVip: true }, { Cookie: cookie }))).status,
    ).toBe(403);
    const admin = await signUp("vip-admin@example.com");
    await env.DB.prepare("UPDATE users SET is_admin = 1 WHERE email = 'vip-admin@example.com'").run();
    expect(
      await (
        await call(
          "/api/users/updateStudioVipStatus",
          json({ isStudioVip: true, userId: vip.id }, { Cookie: admin.cookie }),
        )
      ).json(),
    ).toEqual({ success: true, id: vip.id, isStudioVip: true });
    expect((await userOf("vip@example.com"))!.vip).toBe(1);
    expect(
      await (await call("/api/users/updateStudioVipStatus", json({ isStudioVip: "false" }, { Cookie: cookie }))).json(),
    ).toMatchObject({ isStudioVip: false });
    expect(
      (await call("/api/users/updateStudioVipStatus", json({ isStudioVip: "maybe" }, { Cookie: cookie }))).status,
    ).toBe(400);
  });

  it("updateStudioVipStatus refused, or for nobody: 'Failed to update Studio VIP status', and nothing changes", async () => {
    const failed = (status: string) => ({
      status,
      error: "Failed to update Studio VIP status",
      detail: "Failed to update Studio VIP status",
    });
    const { cookie } = await signUp("vip-refused@example.com");
    const self = (await userOf("vip-refused@example.com"))!;
    const admin = await signUp("vip-refused-admin@example.com");
    const other = (await userOf("vip-refused-admin@example.com"))!;
    await env.DB.prepare("UPDATE users SET is_admin = 1, is_studio_vip = 1 WHERE id = ?").bind(other.id).run();

    // A user granting themselves VIP, or taking it from someone else.
    for (const body of [{ isStudioVip: true }, { isStudioVip: false, userId: other.id }]) {
      const refused = await call("/api/users/updateStudioVipStatus", json(body, { Cookie: cookie }));
      expect(refused.status, JSON.stringify(body)).toBe(403);
      expect(await refused.json(), JSON.stringify(body)).toEqual(failed("error"));
    }
    // An admin naming a user who does not exist.
    const nobody = await call(
      "/api/users/updateStudioVipStatus",
      json({ isStudioVip: true, userId: crypto.randomUUID() }, { Cookie: admin.cookie }),
    );
    expect(nobody.status).toBe(404);
    expect(await nobody.json()).toEqual(failed("not found"));
    expect((await userOf("vip-refused@example.com"))!.vip).toBe(self.vip);
    expect((await userOf("vip-refused-admin@example.com"))!.vip).toBe(1);
  });

  it("program info is saved per user and slug", async () => {
    const { cookie } = await signUp("program@example.com");
    expect(
      await (
        await call("/api/getProgramInfoForUserAndSlug?slug=spring-school", { headers: { Cookie: cookie } })
      ).json(),
    ).toEqual({ slug: "spring-school", program_info: null });
    expect(
      await (
        await call(
          "/api/saveProgramInfoForUserAndSlug",
          json({ slug: "spring-school", program_info: { week: 2 } }, { Cookie: cookie }),
        )
      ).json(),
    ).toEqual({ success: true, slug: "spring-school", program_info: { week: 2 } });
    expect(
      await (
        await call("/api/getProgramInfoForUserAndSlug?slug=spring-school", { headers: { Cookie: cookie } })
      ).json(),
    ).toEqual({ slug: "spring-school", program_info: { week: 2 } });
    expect(
      (
        await call(
          "/api/saveProgramInfoForUserAndSlug",
          json({ slug: "Bad Slug!", program_info: {} }, { Cookie: cookie }),
        )
      ).status,
    ).toBe(400);
    expect(
      (await call("/api/saveProgramInfoForUserAndSlug", json({ slug: "x", program_info: "text" }, { Cookie: cookie })))
        .status,
    ).toBe(400);
    expect((await call("/api/getProgramInfoForUserAndSlug?slug=spring-school")).status).toBe(401);
  });
});
