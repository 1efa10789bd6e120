import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod";
import type { z } from "zod";
import { emailValidationInfo } from "~/features/identity/email-check.server";
import { profileFromIdToken } from "~/features/identity/social.server";
import { providersSchema } from "~/platform/adapters/identity-providers/providers";
import {
  AUTH_IDEA_PARAM,
  authHref,
  authTitle,
  CARRIED_IDEA_MAX,
  optionFields,
  parseAuthModal,
  parseAuthOptions,
  withoutAuth,
} from "~/features/identity/modal";
import {
  afterCreateAccount,
  afterLogin,
  attemptWaitMs,
  campaignMessage,
  emailWarning,
  isSuppressedSocialError,
  leadKind,
  LOGIN_POLICY,
  messages,
  parseMfaPreference,
  type MfaSettings,
  changedMfaSettings,
  nextSecondFactor,
  type SignedInUser,
} from "~/features/identity/rules";
import {
  changePasswordSchema,
  createAccountSchema,
  getStartedSchema,
  joinWaitlistSchema,
  loginSchema,
  resetCodeSchema,
  resetEmailSchema,
  resetPasswordSchema,
  socialSignUpSchema,
} from "~/features/identity/schema";

const learner: SignedInUser = { creatorInfo: null, currentSessionSlug: null };
const oldCreator: SignedInUser = { creatorInfo: { hasNewDashboardAccess: false }, currentSessionSlug: null };
const appCreator: SignedInUser = {
  creatorInfo: { hasNewDashboardAccess: true, hasApps: true },
  currentSessionSlug: null,
};
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
    expect(afterLogin({ ...base, page: "/cart?utm_source=x", user: learner, cartItemCount: 2 })).toBe(
      "/checkout?utm_source=x",
    );
    expect(afterLogin({ ...base, page: "/cart", user: learner, cartItemCount: 0 })).toBe("/");
    expect(afterLogin({ ...base, page: "/classes", user: student })).toBe("/school/music");
    expect(afterLogin({ ...base, page: "/classes", user: learner })).toBe("/");
  });
});

describe("the auth modal's address", () => {
  it("names a form in any case, with its options", () => {
    const state = parseAuthModal(
      new URLSearchParams(
        "auth=login&authEmail=ada%40example.com&authDark=1&authBlockClose=true&authSource=%2Fwaitlist",
      ),
    );
    expect(state).toEqual({
      form: "Login",
      email: "ada@example.com",
      firstName: null,
      step: null,
      social: false,
      dark: true,
      blockClose: true,
      source: "/waitlist",
    });
    expect(parseAuthModal(new URLSearchParams("auth=admin"))).toBeNull();
    expect(parseAuthModal(new URLSearchParams("view=x"))).toBeNull();
    expect(parseAuthModal(new URLSearchParams("auth=ResetPassword&authStep=code"))?.step).toBe("CODE");
    expect(parseAuthModal(new URLSearchParams("auth=ResetPassword&authStep=nope"))?.step).toBeNull();
  });

  it("opens Email as SocialSignUp when social login is on (spec 2)", () => {
    expect(parseAuthModal(new URLSearchParams("auth=Email&authSocial=1"))?.form).toBe("SocialSignUp");
    expect(parseAuthModal(new URLSearchParams("auth=Email"))?.form).toBe("Email");
  });

  it("builds and strips addresses, keeping the page's own query", () => {
    expect(authHref("/classes?view=New+releases", "Login")).toBe("/classes?view=New+releases&auth=Login");
    expect(authHref("/classes?auth=Login&authStep=CODE&x=1", "CreateAccount", { email: "a@b.co", dark: true })).toBe(
      "/classes?x=1&auth=CreateAccount&authEmail=a%40b.co&authDark=1",
    );
    expect(withoutAuth("/classes?auth=Login&authEmail=a%40b.co&x=1")).toBe("/classes?x=1");
    expect(withoutAuth("/?auth=Login")).toBe("/");
  });

  it("carries options through form posts as hidden fields", () => {
    const options = { social: true, dark: false, blockClose: true, source: "/sf-music" };
    const fields = new Map(optionFields(options));
    expect(parseAuthOptions((name) => fields.get(name))).toEqual(options);
  });

  it("carries an app idea typed before signing in through every address and form post (?authIdea=)", () => {
    const idea = "A 6-week plan, for beginners & parents: 5 km";
    const href = authHref("/creator", "CreateAccount", { idea });
    expect(href).toBe(
      `/creator?auth=CreateAccount&${AUTH_IDEA_PARAM}=${new URLSearchParams({ x: idea }).toString().slice(2)}`,
    );
    const state = parseAuthModal(new URL(href, "http://x").searchParams);
    expect(state).toMatchObject({ form: "CreateAccount", idea });
    // The switch to another form keeps it; closing the modal (the page's own address) drops it.
    const { form: _form, ...rest } = state!;
    expect(authHref("/creator", "Login", rest)).toContain(`&${AUTH_IDEA_PARAM}=`);
    expect(withoutAuth(href)).toBe("/creator");
    // Through a post's hidden fields and back.
    const fields = new Map(optionFields(parseAuthOptions((name) => new URL(href, "http://x").searchParams.get(name))));
    expect(fields.get(AUTH_IDEA_PARAM)).toBe(idea);
    expect(parseAuthOptions((name) => fields.get(name)).idea).toBe(idea);
    // None, or only spaces: no idea at all; a very long one is cut (the build checks it with the idea schema).
    expect(parseAuthOptions(() => null)).not.toHaveProperty("idea");
    expect(parseAuthOptions((name) => (name === AUTH_IDEA_PARAM ? "   " : null))).not.toHaveProperty("idea");
    expect(parseAuthOptions((name) => (name === AUTH_IDEA_PARAM ? "x".repeat(9000) : null)).idea).toHaveLength(
      CARRIED_IDEA_MAX,
    );
  });

  it("titles each form as the spec does", () => {
    expect(authTitle("Email", false)).toBe("Get Started");
    expect(authTitle("SocialSignUp", false)).toBe("Sign up to continue");
    expect(authTitle("CreateAccount", false)).toBe("Create Account");
    expect(authTitle("CreateAccount", true)).toBe("Nice! Almost done...");
    expect(authTitle("JoinWaitlist", false)).toBe("Join Waitlist");
  });
});

/** The first error of each field, as the forms show them, from the schema run the way conform runs it. */
function errorsOf(schema: z.ZodTypeAny, fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  const result = parseWithZod(formData, { schema }).reply();
  return Object.fromEntries(Object.entries(result.error ?? {}).map(([name, errors]) => [name, errors?.[0]]));
}

describe("auth form validation (spec 5's words, per form)", () => {
  it("Create Account", () => {
    const create = createAccountSchema("help@studio.example");
    expect(errorsOf(create, {})).toEqual({
      email: messages.emailRequired,
      firstName: messages.firstNameRequired,
      lastName: messages.lastNameRequired,
      password: messages.passwordRequired,
    });
    expect(
      errorsOf(create, { email: "a@b", firstName: "A".repeat(21), lastName: "B".repeat(21), password: " secret12" }),
    ).toEqual({
      email: "This email address looks invalid. If we're wrong, please contact support at help@studio.example.",
      firstName: "First name can't be longer than 20 characters long",
      lastName: "Last name can't be longer than 20 characters long",
      password: "Password cannot begin or end with a space.",
    });
    expect(errorsOf(create, { email: "a@b.co", firstName: "A", lastName: "B", password: "short" }).password).toBe(
      "Password must be at least 8 characters long.",
    );
    const ok = create.safeParse({
      email: " Ada@Example.COM ",
      firstName: "Ada",
      lastName: "Lovelace",
      password: "correct horse",
    });
    expect(ok.success && ok.data.email).toBe("ada@example.com");
  });

  it("Log In", () => {
    expect(errorsOf(loginSchema(), { email: "a@b.co", password: "short" }).password).toBe(
      "Passwords must be at least 8 characters long.",
    );
    expect(errorsOf(loginSchema(), { email: "a@b.co" }).password).toBe("You must provide a password.");
    // Spec 8: Log In words a malformed email its own way, not the general wording.
    expect(errorsOf(loginSchema(), { email: "ada@nowhere", password: "correct horse" }).email).toBe(
      "Please provide a valid email address.",
    );
    expect(errorsOf(loginSchema(), { password: "correct horse" }).email).toBe("You must provide an email.");
  });

  it("asks for a new password where one replaces the old (spec 5)", () => {
    expect(errorsOf(resetPasswordSchema("x@y.z"), { email: "a@b.co", password: "" }).password).toBe(
      "New password is required.",
    );
    expect(errorsOf(changePasswordSchema(), { currentPassword: "first password" }).newPassword).toBe(
      "New password is required.",
    );
    // A new account's password keeps the sign-up wording.
    expect(errorsOf(createAccountSchema("x@y.z"), { email: "a@b.co" }).password).toBe("You must provide a password.");
  });

  it("Get Started, SocialSignUp, Reset and Waitlist word their email errors differently", () => {
    expect(errorsOf(getStartedSchema(), {}).email).toBe("Please input an email");
    expect(errorsOf(getStartedSchema(), { email: "ada@" }).email).toBe("Invalid email");
    expect(errorsOf(socialSignUpSchema(), { email: "ada" }).email).toBe("Please enter a valid email address");
    expect(errorsOf(socialSignUpSchema(), {}).email).toBe("You must provide an email.");
    expect(errorsOf(resetEmailSchema("x@y.z"), { email: "  " }).email).toBe("Please input an email.");
    expect(errorsOf(joinWaitlistSchema("x@y.z"), {}).email).toBe("Please input an email");
    expect(resetEmailSchema("x@y.z").parse({ email: "ADA@Example.com" }).email).toBe("ada@example.com");
  });

  it("Reset steps", () => {
    expect(errorsOf(resetCodeSchema("x@y.z"), { email: "a@b.co" }).code).toBe(
      "Please input the verification code from your email.",
    );
    expect(errorsOf(resetPasswordSchema("x@y.z"), { email: "a@b.co", password: "short" }).password).toBe(
      "Passwords must be at least 8 characters long.",
    );
    expect(errorsOf(resetPasswordSchema("x@y.z"), { email: "a@b.co", password: "long enough " }).password).toBe(
      "Password cannot begin or end with a space.",
    );
  });
});

describe("the Get Started email warnings (spec 2)", () => {
  const none = { suggestion: false, score: false };
  it("warns once about a suggestion, then continues", () => {
    const info = { suggestion: "ada@gmail.com", score: 0.5 };
    expect(emailWarning(info, none)).toEqual({
      kind: "suggestion",
      message: "For your email, did you mean to use ada@gmail.com?",
    });
    expect(emailWarning(info, { suggestion: true, score: false })).toBeNull();
  });
  it("warns once about a score of 0.25 or less, then continues", () => {
    expect(emailWarning({ suggestion: null, score: 0.25 }, none)).toEqual({
      kind: "score",
      message: "Make sure to check that your email is correct before continuing.",
    });
    expect(emailWarning({ suggestion: null, score: 0.1 }, { suggestion: false, score: true })).toBeNull();
    expect(emailWarning({ suggestion: null, score: 0.26 }, none)).toBeNull();
  });
});

describe("the email check", () => {
  it("suggests fixes for common domain typos", async () => {
    expect(await emailValidationInfo("ada@gmial.com")).toEqual({ suggestion: "ada@gmail.com", score: 0.5 });
    expect((await emailValidationInfo("Ada@Hotmial.com")).suggestion).toBe("ada@hotmail.com");
  });
  it("scores malformed and disposable addresses low, clean ones high", async () => {
    expect((await emailValidationInfo("ada@")).score).toBe(0);
    expect((await emailValidationInfo("ada@-bad-.com")).score).toBeLessThanOrEqual(0.25);
    expect((await emailValidationInfo("ada@example.c0m")).score).toBeLessThanOrEqual(0.25);
    expect((await emailValidationInfo("ada@mailinator.com")).score).toBeLessThanOrEqual(0.25);
    expect((await emailValidationInfo("ada@eu.mailinator.com")).score).toBeLessThanOrEqual(0.25);
    expect(await emailValidationInfo("ada@navy.mil")).toEqual({ suggestion: null, score: 0.9 });
  });
});

describe("leads and campaigns", () => {
  it("counts lead and waitlist pages as leads, other pages as checkout initiations (spec 7)", () => {
    expect(leadKind("/waitlist")).toBe("lead");
    expect(leadKind("/p/plugins-resource-page?x=1")).toBe("lead");
    expect(leadKind("/sf-music/spring")).toBe("lead");
    expect(leadKind("/classes/ada/synths")).toBe("checkout_initiation");
    expect(leadKind("/classes?q=waitlist")).toBe("checkout_initiation");
  });
  it("has the Alumni and Account messages, read from the audience values aaCampaign holds", () => {
    expect(campaignMessage("student", "Studio")).toBe(
      "If you've taken a Studio or Monthly class before, you can log in here using the same account.",
    );
    expect(campaignMessage("account", "Studio")).toMatch(/^You've already created an account with this email/);
    expect(campaignMessage(" Account ", "Studio")).toMatch(/^You've already created an account with this email/);
    // The members' names are not values: aaCampaign=Alumni is no campaign of the enumeration.
    expect(campaignMessage("Alumni", "Studio")).toBeNull();
    expect(campaignMessage("Other", "Studio")).toBeNull();
    expect(campaignMessage(null, "Studio")).toBeNull();
  });
});

describe("lockout timing", () => {
  const at = 1_000_000_000;
  const counter = (failures: number, lastFailureAt = at) => ({ failures, lastFailureAt });
  it("lets the first five failures through without waiting", () => {
    expect(attemptWaitMs(null, at, LOGIN_POLICY)).toBe(0);
    expect(attemptWaitMs(counter(4), at, LOGIN_POLICY)).toBe(0);
  });
  it("then waits 2^(n-5) seconds after the last failure", () => {
    expect(attemptWaitMs(counter(5), at, LOGIN_POLICY)).toBe(1000);
    expect(attemptWaitMs(counter(6), at, LOGIN_POLICY)).toBe(2000);
    expect(attemptWaitMs(counter(8), at + 3000, LOGIN_POLICY)).toBe(5000);
    expect(attemptWaitMs(counter(8), at + 8000, LOGIN_POLICY)).toBe(0);
  });
  it("never more than 15 minutes, and 15 quiet minutes reset the count", () => {
    expect(attemptWaitMs(counter(30), at, LOGIN_POLICY)).toBe(15 * 60_000);
    expect(attemptWaitMs(counter(30), at + 15 * 60_000, LOGIN_POLICY)).toBe(0);
  });
});

describe("MFA preference", () => {
  it("takes TOTP, SMS or NOMFA with the spec's errors", () => {
    expect(parseMfaPreference("TOTP")).toEqual({ ok: true, value: "SOFTWARE_TOKEN_MFA" });
    expect(parseMfaPreference("SMS_MFA")).toEqual({ ok: true, value: "SMS_MFA" });
    expect(parseMfaPreference("nomfa")).toEqual({ ok: true, value: "NOMFA" });
    expect(parseMfaPreference(undefined)).toEqual({ ok: false, message: "No valid MFA method provided" });
    expect(parseMfaPreference("EMAIL")).toEqual({ ok: false, message: "Invalid MFA type" });
  });
});

describe("social sign-in", () => {
  const provider = {
    id: "google",
    name: "Google",
    clientId: "client-1",
    clientSecret: "s",
    issuer: "https://accounts.google.com",
    authorizationEndpoint: "https://a",
    tokenEndpoint: "https://t",
    scopes: ["openid"],
    responseMode: "query" as const,
  };
  const now = Date.UTC(2026, 10, 21);
  const jwt = (claims: Record<string, unknown>) => `h.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.s`;
  const base = { iss: "https://accounts.google.com", aud: "client-1", exp: now / 1000 + 60, sub: "123" };

  it("reads email and names, with the spec's 'Social User' defaults", () => {
    expect(
      profileFromIdToken(
        provider,
        jwt({ ...base, email: "Ada@Example.com", email_verified: true, given_name: "Ada", family_name: "Lovelace" }),
        now,
      ),
    ).toEqual({
      provider: "google",
      subject: "123",
      email: "ada@example.com",
      emailVerified: true,
      firstName: "Ada",
      lastName: "Lovelace",
    });
    expect(profileFromIdToken(provider, jwt({ ...base, email: "a@b.co", email_verified: "true" }), now)).toMatchObject({
      firstName: "Social",
      lastName: "User",
      emailVerified: true,
    });
    expect(profileFromIdToken(provider, jwt({ ...base, name: "Grace Brewster Hopper" }), now)).toMatchObject({
      email: null,
      firstName: "Grace",
      lastName: "Brewster Hopper",
      emailVerified: false,
    });
  });

  it("refuses tokens for another client or issuer, or expired ones", () => {
    expect(() => profileFromIdToken(provider, jwt({ ...base, aud: "someone-else" }), now)).toThrow(/another client/);
    expect(() => profileFromIdToken(provider, jwt({ ...base, iss: "https://evil.example" }), now)).toThrow(
      /another issuer/,
    );
    expect(() => profileFromIdToken(provider, jwt({ ...base, exp: now / 1000 - 1 }), now)).toThrow(/Expired/);
  });

  it("suppresses the errors of a person backing out (spec 8)", () => {
    expect(isSuppressedSocialError("access_denied The user cancelled the login")).toBe(true);
    expect(isSuppressedSocialError("popup_closed_by_user")).toBe(true);
    expect(isSuppressedSocialError("server_error Something broke")).toBe(false);
  });

  it("reads OAUTH_PROVIDERS with defaults for Google and Apple", () => {
    const parsed = providersSchema.parse(
      JSON.stringify([
        { id: "google", clientId: "g" },
        { id: "apple", clientId: "a", clientSecret: "jwt" },
      ]),
    );
    expect(parsed.map((p) => [p.name, p.tokenEndpoint, p.responseMode])).toEqual([
      ["Google", "https://oauth2.googleapis.com/token", "query"],
      ["Apple", "https://appleid.apple.com/auth/token", "form_post"],
    ]);
    expect(providersSchema.parse(undefined)).toEqual([]);
    expect(providersSchema.safeParse('[{"id":"other","clientId":"x"}]').success).toBe(false);
    expect(providersSchema.safeParse("not json").success).toBe(false);
    expect(
      providersSchema.safeParse(
        JSON.stringify(
          Array.from({ length: 5 }, (_, i) => ({
            id: `p${i}`,
            clientId: "x",
            issuer: "https://i",
            authorizationEndpoint: "https://a",
            tokenEndpoint: "https://t",
          })),
        ),
      ).success,
    ).toBe(false);
  });
});

describe("second factors", () => {
  it("asks the preferred factor, the only one, or lets the person choose between two", () => {
    expect(nextSecondFactor({ enabled: [], preferred: "NOMFA" })).toBeNull();
    // A preference whose factor is off asks nothing of it.
    expect(nextSecondFactor({ enabled: [], preferred: "SOFTWARE_TOKEN_MFA" })).toBeNull();
    expect(nextSecondFactor({ enabled: ["EMAIL_OTP"], preferred: "NOMFA" })).toBe("EMAIL_OTP");
    expect(nextSecondFactor({ enabled: ["SOFTWARE_TOKEN_MFA"], preferred: "EMAIL_OTP" })).toBe("SOFTWARE_TOKEN_MFA");
    const both = ["SOFTWARE_TOKEN_MFA", "EMAIL_OTP"] as const;
    expect(nextSecondFactor({ enabled: [...both], preferred: "EMAIL_OTP" })).toBe("EMAIL_OTP");
    expect(nextSecondFactor({ enabled: [...both], preferred: "NOMFA" })).toBe("SELECT_MFA_TYPE");
    expect(nextSecondFactor({ enabled: [...both], preferred: "SMS_MFA" })).toBe("SELECT_MFA_TYPE");
  });

  it("turns factors on and off and keeps the preference to one that is on", () => {
    const none: MfaSettings = { enabled: [], preferred: "NOMFA" };
    // The only one on is the preferred one.
    const software = changedMfaSettings(none, { SOFTWARE_TOKEN_MFA: { Enabled: true } });
    expect(software).toEqual({ enabled: ["SOFTWARE_TOKEN_MFA"], preferred: "SOFTWARE_TOKEN_MFA" });
    // A second one on keeps the first preferred, unless it says otherwise.
    const both = changedMfaSettings(software, { EMAIL_OTP: { Enabled: true } });
    expect(both).toEqual({ enabled: ["SOFTWARE_TOKEN_MFA", "EMAIL_OTP"], preferred: "SOFTWARE_TOKEN_MFA" });
    expect(changedMfaSettings(software, { EMAIL_OTP: { Enabled: true, PreferredMfa: true } }).preferred).toBe(
      "EMAIL_OTP",
    );
    // PreferredMfa false on the preferred one leaves the choice to the person.
    expect(changedMfaSettings(both, { SOFTWARE_TOKEN_MFA: { Enabled: true, PreferredMfa: false } })).toEqual({
      enabled: ["SOFTWARE_TOKEN_MFA", "EMAIL_OTP"],
      preferred: "NOMFA",
    });
    // Turning the preferred one off hands the preference to the one left; turning both off, to none.
    expect(changedMfaSettings(both, { SOFTWARE_TOKEN_MFA: { Enabled: false } })).toEqual({
      enabled: ["EMAIL_OTP"],
      preferred: "EMAIL_OTP",
    });
    expect(changedMfaSettings(both, { SOFTWARE_TOKEN_MFA: { Enabled: false }, EMAIL_OTP: { Enabled: false } })).toEqual(
      { enabled: [], preferred: "NOMFA" },
    );
    // PreferredMfa alone turns a factor on; a setting left out changes nothing.
    expect(changedMfaSettings(none, { EMAIL_OTP: { PreferredMfa: true } })).toEqual({
      enabled: ["EMAIL_OTP"],
      preferred: "EMAIL_OTP",
    });
    expect(changedMfaSettings(both, {})).toEqual(both);
  });
});
