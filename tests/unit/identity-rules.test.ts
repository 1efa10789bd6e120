import { describe, expect, it } from "vitest";
import { afterCreateAccount, afterLogin, messages, parseAuthForm, type SignedInUser } from "~/features/identity/rules";
import { createAccountSchema, fieldErrors, loginSchema } from "~/features/identity/schema";
import { withAuthForm } from "~/features/identity/components/AuthModal";

const learner: SignedInUser = { creatorInfo: null, currentSessionSlug: null };
const oldCreator: SignedInUser = { creatorInfo: { hasNewDashboardAccess: false }, currentSessionSlug: null };
const appCreator: SignedInUser = { creatorInfo: { hasNewDashboardAccess: true, hasApps: true }, currentSessionSlug: null };
const student: SignedInUser = { creatorInfo: null, currentSessionSlug: "spring-2027" };

describe("after Create Account", () => {
  it("follows the redirect query first", () => {
    expect(afterCreateAccount({ redirect: "/checkout", page: "/", user: learner })).toBe("/checkout");
  });
  it("routes from the home page by kind of user", () => {
    expect(afterCreateAccount({ redirect: null, page: "/", user: oldCreator })).toBe("/dashboard/classes");
    expect(afterCreateAccount({ redirect: null, page: "/", user: appCreator })).toBe("/dashboard");
    expect(afterCreateAccount({ redirect: null, page: "/", user: learner })).toBe("/library");
  });
  it("stays on any other page", () => {
    expect(afterCreateAccount({ redirect: null, page: "/classes?view=Top%20rated", user: learner })).toBeNull();
  });
});

describe("after Login", () => {
  const base = { redirect: null, cartItemCount: 0 };
  it("applies the spec's rules in order", () => {
    expect(afterLogin({ ...base, redirect: "/x", page: "/build", user: learner })).toBe("/x");
    expect(afterLogin({ ...base, page: "/build", user: appCreator })).toBeNull();
    expect(afterLogin({ ...base, page: "/creator", user: learner })).toBeNull();
    expect(afterLogin({ ...base, page: "/dashboard/builder?mode=publish", user: learner })).toBeNull();
    expect(afterLogin({ ...base, page: "/", user: learner })).toBe("/library");
    expect(afterLogin({ ...base, page: "/classes", user: appCreator })).toBe("/v2/dashboard");
    expect(afterLogin({ ...base, page: "/cart?utm_source=x", user: learner, cartItemCount: 2 })).toBe("/checkout?utm_source=x");
    expect(afterLogin({ ...base, page: "/cart", user: learner, cartItemCount: 0 })).toBe("/");
    expect(afterLogin({ ...base, page: "/classes", user: student })).toBe("/school/music");
    expect(afterLogin({ ...base, page: "/classes", user: learner })).toBe("/");
  });
});

describe("auth forms", () => {
  it("are addressed by ?auth= in any case", () => {
    expect(parseAuthForm("login")).toBe("Login");
    expect(parseAuthForm("CreateAccount")).toBe("CreateAccount");
    expect(parseAuthForm("admin")).toBeNull();
    expect(withAuthForm("/classes?view=New+releases", "Login")).toBe("/classes?view=New+releases&auth=Login");
    expect(withAuthForm("/classes?auth=Login&x=1", null)).toBe("/classes?x=1");
  });

  it("validate with the spec's messages", () => {
    const create = createAccountSchema("help@studio.example");
    const empty = create.safeParse({});
    expect(empty.success).toBe(false);
    expect(fieldErrors(empty.error!)).toEqual({
      email: messages.emailRequired,
      firstName: messages.firstNameRequired,
      lastName: messages.lastNameRequired,
      password: messages.passwordRequired,
    });
    const bad = create.safeParse({ email: "a@b", firstName: "A".repeat(21), lastName: "B".repeat(21), password: " secret12" });
    expect(fieldErrors(bad.error!)).toEqual({
      email: "This email address looks invalid. If we're wrong, please contact support at help@studio.example.",
      firstName: "First name can't be longer than 20 characters long",
      lastName: "Last name can't be longer than 20 characters long",
      password: "Password cannot begin or end with a space.",
    });
    expect(fieldErrors(create.safeParse({ email: "a@b.co", firstName: "A", lastName: "B", password: "short" }).error!).password).toBe("Password must be at least 8 characters long.");
    const ok = create.safeParse({ email: " Ada@Example.COM ", firstName: "Ada", lastName: "Lovelace", password: "correct horse" });
    expect(ok.success && ok.data.email).toBe("ada@example.com");
    expect(fieldErrors(loginSchema("x@y.z").safeParse({ email: "a@b.co", password: "short" }).error!).password).toBe("Passwords must be at least 8 characters long.");
  });
});
