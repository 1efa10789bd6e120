import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "~/features/identity/password.server";
import { call } from "./app-context";

const form = (fields: Record<string, string>, headers: Record<string, string> = {}) => ({
  method: "POST",
  body: new URLSearchParams(fields),
  headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
});

const cookieOf = (response: Response, name: string) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.startsWith(`${name}=`))!;

const ada = {
  email: "Ada@Example.com",
  firstName: "Ada",
  lastName: "Lovelace",
  password: "analytical engine",
  page: "/classes",
};

describe("passwords", () => {
  it("hashes with a versioned PBKDF2 format and verifies only the right password", async () => {
    const hash = await hashPassword("correct horse");
    expect(hash).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword("correct horse", hash)).toBe(true);
    expect(await verifyPassword("correct horsE", hash)).toBe(false);
    expect(await verifyPassword("correct horse", "md5$1$x$y")).toBe(false);
    expect(await hashPassword("correct horse")).not.toBe(hash);
  });
});

describe("create account, log out, log in", () => {
  it("creates the account and a session, then stays on the page with a welcome toast", async () => {
    const response = await call("/auth/create-account", form(ada));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/classes");
    const session = cookieOf(response, "studio_session");
    expect(session).toMatch(/^studio_session=/);
    expect(response.headers.getSetCookie().find((c) => c.startsWith("studio_session="))).toMatch(/HttpOnly/i);
    const page = await (
      await call("/classes", { headers: { Cookie: `${session}; ${cookieOf(response, "studio_toast")}` } })
    ).text();
    expect(page).toContain("Hi, <!-- -->Ada");
    expect(page).toContain("Welcome to Studio, Ada!");

    const user = await env.DB.prepare(
      "SELECT id, email, membership_status FROM users WHERE email = 'ada@example.com'",
    ).first<{ id: string; email: string; membership_status: string }>();
    expect(user!.membership_status).toBe("inactive");
    const stored = await env.DB.prepare("SELECT count(*) AS n FROM sessions WHERE user_id = ?")
      .bind(user!.id)
      .first<{ n: number }>();
    expect(stored!.n).toBe(1);
    // Only the token's hash is stored.
    const token = session.split("=")[1];
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM sessions WHERE id = ?").bind(token).first<{ n: number }>(),
    ).toEqual({ n: 0 });
  });

  it("refuses a second account with the same email, changing nothing", async () => {
    const response = await call("/auth/create-account", form({ ...ada, email: "ada@example.com" }));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(
      "There was a problem creating your account. Please try logging in if you already have an account.",
    );
    expect(await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = 'ada@example.com'").first()).toEqual({
      n: 1,
    });
  });

  it("logs out by deleting the session, and the old cookie stops working", async () => {
    const login = await call(
      "/auth/login",
      form({ email: "ada@example.com", password: ada.password, page: "/collections/x" }),
    );
    expect(login.status).toBe(303);
    expect(login.headers.get("location")).toBe("/");
    const session = cookieOf(login, "studio_session");
    const before = await env.DB.prepare("SELECT count(*) AS n FROM sessions").first<{ n: number }>();
    const logout = await call("/auth/logout", form({}, { Cookie: session }));
    expect(logout.status).toBe(303);
    expect(logout.headers.get("location")).toBe("/");
    expect(logout.headers.get("set-cookie")).toMatch(/studio_session=;.*Max-Age=0/i);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM sessions").first<{ n: number }>()).toEqual({
      n: before!.n - 1,
    });
    const page = await (await call("/classes", { headers: { Cookie: session } })).text();
    expect(page).not.toContain("Hi, ");
    expect(page).toContain("Log in");
  });

  it("rotates the session at every sign-in", async () => {
    const first = cookieOf(
      await call("/auth/login", form({ email: "ada@example.com", password: ada.password })),
      "studio_session",
    );
    const second = cookieOf(
      await call("/auth/login", form({ email: "ada@example.com", password: ada.password })),
      "studio_session",
    );
    expect(first).not.toBe(second);
  });

  it("logs in from the home page to /library, and follows a same-site redirect only", async () => {
    expect(
      (await call("/auth/login", form({ email: "ada@example.com", password: ada.password, page: "/" }))).headers.get(
        "location",
      ),
    ).toBe("/library");
    expect(
      (
        await call("/auth/login", form({ email: "ada@example.com", password: ada.password, redirect: "/checkout" }))
      ).headers.get("location"),
    ).toBe("/checkout");
    expect(
      (
        await call(
          "/auth/login",
          form({ email: "ada@example.com", password: ada.password, redirect: "https://evil.example/" }),
        )
      ).headers.get("location"),
    ).toBe("/");
  });

  it("says the same thing for a wrong password and an unknown email", async () => {
    for (const fields of [
      { email: "ada@example.com", password: "wrong password" },
      { email: "nobody@example.com", password: "wrong password" },
    ]) {
      const response = await call("/auth/login", form(fields));
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain("Invalid email or password");
      expect(response.headers.get("set-cookie") ?? "").not.toMatch(/studio_session=|studio_toast=/);
    }
  });

  it("shows the spec's validation messages and keeps what was typed", async () => {
    const response = await call(
      "/auth/create-account",
      form({ email: "ada@nowhere", firstName: "", lastName: "Lovelace", password: "short" }),
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(
      "This email address looks invalid. If we&#x27;re wrong, please contact support at support@studio.example.",
    );
    expect(html).toContain("You must provide a first name.");
    expect(html).toContain("Password must be at least 8 characters long.");
    expect(html).toContain('value="ada@nowhere"');
    expect(await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = 'ada@nowhere'").first()).toEqual({
      n: 0,
    });
  });
});

describe("request safety", () => {
  it("refuses a cross-site form post", async () => {
    const response = await call(
      "/auth/login",
      form({ email: "ada@example.com", password: "analytical engine" }, { Origin: "https://evil.example" }),
    );
    expect(response.status).toBe(403);
    const fetchSite = await call("/theme", form({ theme: "dark" }, { "Sec-Fetch-Site": "cross-site" }));
    expect(fetchSite.status).toBe(403);
  });

  it("accepts a same-origin post", async () => {
    const response = await call("/theme", form({ theme: "dark" }, { Origin: "http://127.0.0.1:8787" }));
    expect(response.status).toBe(303);
  });

  it("never signs out on a GET", async () => {
    const response = await call("/auth/logout");
    expect(response.status).toBe(302);
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("renders the auth modal from the URL for visitors", async () => {
    const html = await (await call("/classes?auth=login")).text();
    expect(html).toContain('role="dialog"');
    expect(html).toContain('action="/auth/login"');
    const create = await (await call("/?auth=CreateAccount")).text();
    expect(create).toContain('action="/auth/create-account"');
  });
});

describe("a failed post without JavaScript", () => {
  it("keeps the page the form came from, so the next try returns there", async () => {
    const html = await (
      await call(
        "/auth/login",
        form({ email: "ada@example.com", password: "wrong password", page: "/classes?view=Top+rated" }),
      )
    ).text();
    expect(html).toContain('name="page" value="/classes?view=Top+rated"');
  });
});

describe("user API", () => {
  async function signedIn(email: string) {
    const response = await call(
      "/auth/create-account",
      form({ email, firstName: "Lin", lastName: "Qiao", password: "long enough" }),
    );
    return cookieOf(response, "studio_session");
  }

  it("answers isAdmin and checkIsAdmin from the server's record", async () => {
    const session = await signedIn("lin@example.com");
    for (const path of ["/api/isAdmin", "/api/checkIsAdmin"]) {
      expect(await (await call(path)).json()).toEqual({ isAdmin: false });
      expect(await (await call(path, { headers: { Cookie: session } })).json()).toEqual({ isAdmin: false });
    }
    await env.DB.prepare("UPDATE users SET is_admin = 1 WHERE email = 'lin@example.com'").run();
    expect(await (await call("/api/isAdmin", { headers: { Cookie: session } })).json()).toEqual({ isAdmin: true });
    expect(await (await call("/api/checkIsAdmin", { headers: { Cookie: session } })).json()).toEqual({ isAdmin: true });
  });

  it("gives basic info about the signed-in user or a user by id, and nothing private", async () => {
    const session = await signedIn("mo@example.com");
    const me = (await (await call("/api/users/getBasicUserInfo", { headers: { Cookie: session } })).json()) as any;
    expect(me).toMatchObject({ firstName: "Lin", lastName: "Qiao", miniBio: "", profilePhoto: null });
    expect(me).not.toHaveProperty("email");
    expect(me).not.toHaveProperty("isAdmin");
    const byId = await call(`/api/users/getBasicUserInfo?userId=${me.userId}`);
    expect(await byId.json()).toEqual(me);
  });

  it("answers 401, 400 and 404 with clear errors", async () => {
    const anonymous = await call("/api/users/getBasicUserInfo");
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as any).error).toBe("User is not authenticated");
    expect((await call("/api/users/getBasicUserInfo?userId=nope")).status).toBe(400);
    expect((await call("/api/users/getBasicUserInfo?userId=00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await call("/api/isAdmin", { method: "POST" })).status).toBe(405);
  });
});
