// What the sign-in forms say when they fail for a reason that is not the visitor's (spec 8), and the
// browser's side of a form's request that fails.
import { describe, expect, it, vi } from "vitest";
import { AUTH_FORMS, type AuthActionData } from "~/features/identity/modal";
import { authFailure, EmailCheckError, messages } from "~/features/identity/rules";
import type { AppContext } from "~/platform/context";
import { requestFailedAnswer, requestFailuresInForm } from "~/routes/auth/client-action";

vi.mock("~/features/identity/email-check.server", () => ({
  emailValidationInfo: vi.fn(async () => {
    throw new Error("the disposable list did not load");
  }),
}));

const SUPPORT = "help@example.com";
const server = (error: unknown = new Error("D1_ERROR")) => ({ cause: "server" as const, error, supportEmail: SUPPORT });

describe("authFailure (spec 8's words)", () => {
  it("Log In: the fallback naming the support address, or the request's failure, under 'Error logging in'", () => {
    expect(authFailure("Login", server())).toEqual({
      title: "Error logging in",
      message: "There was an error signing in to your account. Please try again or contact us at help@example.com",
    });
    expect(authFailure("Login", { cause: "request" })).toEqual({
      title: "Error logging in",
      message: "There was an error logging in/creating you account. Please try again later or contact us.",
    });
  });

  it("Create Account: the sign-up message on our side, the request's failure in the browser", () => {
    expect(authFailure("CreateAccount", server()).message).toBe(
      "There was a problem creating your account. Please try logging in if you already have an account.",
    );
    expect(authFailure("CreateAccount", { cause: "request" }).message).toBe(
      "There was an error logging in/creating you account. Please try again later or contact us.",
    );
  });

  it("Reset Password: the confirm-email failure's words on our side", () => {
    expect(authFailure("ResetPassword", server()).message).toBe(
      "There was an error signing in to your account. Please try again or contact us.",
    );
    expect(authFailure("ResetPassword", { cause: "request" }).message).toBe(messages.requestFailed);
  });

  it("an email check that could not run: 'Unable to verify email. Please try again.', whatever the form", () => {
    for (const form of AUTH_FORMS)
      expect(authFailure(form, server(new EmailCheckError(new Error("x")))).message, form).toBe(
        "Unable to verify email. Please try again.",
      );
    expect(authFailure("SocialSignUp", server()).message).toBe("Unable to verify email. Please try again.");
  });

  it("collecting an email or joining a waitlist: the generic message", () => {
    expect(authFailure("Email", server()).message).toBe("An Error Occurred");
    expect(authFailure("JoinWaitlist", { cause: "request" }).message).toBe("An Error Occurred");
  });
});

describe("collectEmail", () => {
  it("reports a check that could not run as EmailCheckError, and keeps nothing", async () => {
    const { collectEmail } = await import("~/features/identity/leads.server");
    const insert = vi.fn();
    const app = { db: { insert }, now: 0 } as unknown as AppContext;
    await expect(
      collectEmail(app, { email: "ada@example.com", classInterestedIn: "general", source: "/" }),
    ).rejects.toBeInstanceOf(EmailCheckError);
    expect(insert).not.toHaveBeenCalled();
  });
});

function loginForm(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

describe("a form's request that fails in the browser ('Failed to fetch')", () => {
  it("answers the form with the spec's message, what was typed (not the password) and its step: 503", async () => {
    const response = requestFailedAnswer(
      "Login",
      loginForm({ email: "ada@example.com", password: "secret words", page: "/cart", authDark: "1", step: "MFA" }),
    );
    expect(response.status).toBe(503);
    const answer = (await response.json()) as AuthActionData;
    expect(answer.result.error?.[""]).toEqual([messages.requestFailed]);
    expect(answer.errorTitle).toBe("Error logging in");
    expect(answer.result.initialValue).toMatchObject({ email: "ada@example.com" });
    expect(answer.result.initialValue).not.toHaveProperty("password");
    expect(answer.context).toEqual({
      page: "/cart",
      redirect: null,
      options: { social: false, dark: true, blockClose: false, source: null },
    });
    expect(answer.step).toBe("MFA");
    const reset = (await requestFailedAnswer("ResetPassword", loginForm({ email: "a@b.co" })).json()) as AuthActionData;
    expect(reset.step).toBe("EMAIL");
    expect(reset.errorTitle).toBeUndefined();
  });

  const args = (serverAction: () => Promise<unknown>) =>
    ({
      request: new Request("http://localhost/auth/create-account", {
        method: "POST",
        body: new URLSearchParams({ email: "ada@example.com", password: "secret words", page: "/" }),
      }),
      params: {},
      serverAction,
    }) as unknown as Parameters<ReturnType<typeof requestFailuresInForm>>[0];

  it("catches the fetch's own failure", async () => {
    const clientAction = requestFailuresInForm("CreateAccount");
    const answer = await clientAction(
      args(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    expect(answer).toBeInstanceOf(Response);
    const body = (await (answer as Response).json()) as AuthActionData;
    expect(body.result.error?.[""]).toEqual([
      "There was an error logging in/creating you account. Please try again later or contact us.",
    ]);
  });

  it("hands the server's answers on as they are: its data, and a redirect it throws", async () => {
    const clientAction = requestFailuresInForm("CreateAccount");
    const data = { result: { status: "error" } };
    expect(await clientAction(args(async () => data))).toBe(data);
    const redirect = new Response(null, { status: 302, headers: { Location: "/library" } });
    await expect(
      clientAction(
        args(async () => {
          throw redirect;
        }),
      ),
    ).rejects.toBe(redirect);
  });
});
