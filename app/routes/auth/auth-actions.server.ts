/**
 * The auth modal's form posts: validate with the form's zod schema, act, then a 303 to the next
 * form or page, or the form's answer (errors, a warning, a step) with a 4xx. The same code serves
 * the modal (a fetcher) and the no-JavaScript pages.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseForm } from "~/platform/form.server";
import { createCookie, data } from "@remix-run/cloudflare";
import { z } from "zod";
import type { AppContext } from "~/platform/context";
import type { UserRow } from "~/db/schema";
import { serverUp } from "~/platform/health.server";
import { isSecureRequest, formDataOf } from "~/platform/http.server";
import { redirectWithToast } from "~/http/toast.server";
import {
  EmailTakenError,
  authenticate,
  createAccount,
  findUserByEmail,
  findUserById,
} from "~/features/identity/accounts.server";
import { clientOf } from "~/platform/client.server";
import { takeAttempt, waitSeconds } from "~/features/identity/attempts.server";
import { isCommonPassword } from "~/features/identity/common-passwords.server";
import { challengeUser, endChallenge } from "~/features/identity/challenges.server";
import { collectEmail, interestFromPage } from "~/features/identity/leads.server";
import {
  authContextOf,
  authHref,
  postedStep,
  type AuthActionData,
  type AuthContext,
  type AuthForm,
  type AuthStep,
} from "~/features/identity/modal";
import { resetPassword, sendResetCode, verifyResetCode } from "~/features/identity/reset-password.server";
import {
  LOOKUP_POLICY,
  afterCreateAccount,
  afterLogin,
  authFailure,
  emailWarning,
  messages,
} from "~/features/identity/rules";
import {
  createAccountSchema,
  getStartedSchema,
  joinWaitlistSchema,
  loginSchema,
  mfaChoiceSchema,
  mfaCodeSchema,
  resetCodeSchema,
  resetEmailSchema,
  resetPasswordSchema,
  socialSignUpSchema,
} from "~/features/identity/schema";
import { cartCountAfterSignIn } from "~/features/cart/cart.server";
import { EVENTS, type EventName } from "~/features/analytics/events";
import { recordEvent } from "~/features/analytics/record.server";
import { anonymousIdOf } from "~/http/anonymous.server";
import { challengeCookieHeader, challengeFromCookie } from "~/http/session.server";
import { signIn } from "~/http/sign-in.server";
import { answerSignInChallenge } from "~/features/identity/totp.server";
import { answerEmailMfaCode, mfaSettingsOf } from "~/features/identity/second-factor.server";
import { secondStepOf, startSecondStep, type SecondStep } from "./second-step.server";
import { joinWaitlistFromForm } from "~/features/identity/waitlist.server";
import { EmailNotConfiguredError, emailNotConfiguredMessage } from "~/platform/adapters/email/email.server";
import { startFromIdea } from "~/features/builder/start-from-idea.server";

/** What the answers need of a conform submission, successful or not. */
type Submission = {
  reply(options?: {
    formErrors?: string[];
    fieldErrors?: Record<string, string[]>;
    hideFields?: string[];
  }): SubmissionResult<string[]>;
};

/** The form data and its context (page, redirect, modal options), as every auth post sends them. */
export async function readForm(request: Request) {
  const formData = (await formDataOf(request)) ?? new FormData();
  const context = authContextOf((name) => {
    const value = formData.get(name);
    return typeof value === "string" ? value : null;
  });
  return { formData, context };
}

/** A form post's answer: a redirect, or the form's answer (`answer`, `throttled`). */
type FormAnswer = Response | ReturnType<typeof answer>;
type FormAction = (app: AppContext, request: Request, formData: FormData, context: AuthContext) => Promise<FormAnswer>;

/**
 * An auth form's post that fails in the form, never as an error page: an unexpected failure (the
 * database, the email check) answers 500 with the form as it was posted (its step, the email kept)
 * and spec 8's message for that form.
 */
function keptInForm(form: AuthForm, act: FormAction) {
  return async (app: AppContext, request: Request): Promise<FormAnswer> => {
    const { formData, context } = await readForm(request);
    try {
      return await act(app, request, formData, context);
    } catch (error) {
      // A response thrown on purpose (a redirect) is the answer.
      if (error instanceof Response) throw error;
      console.error(`auth form ${form}: unexpected failure`, error);
      const { message, title } = authFailure(form, { cause: "server", error, supportEmail: app.env.SUPPORT_EMAIL });
      const posted = postedStep(formData.get("step"));
      const step = form === "ResetPassword" ? (posted ?? "EMAIL") : form === "Login" ? posted : undefined;
      return answer(parseForm(formData, { schema: z.object({}) }), context, 500, {
        formErrors: [message],
        ...(title ? { errorTitle: title } : {}),
        ...(step ? { step } : {}),
      });
    }
  };
}

/** The form's answer without a redirect; passwords and codes are never sent back. */
function answer(
  submission: Submission,
  context: AuthContext,
  status: number,
  extra: Partial<AuthActionData> & { formErrors?: string[]; fieldErrors?: Record<string, string[]> } = {},
) {
  const { formErrors, fieldErrors, ...rest } = extra;
  const result = submission.reply({ formErrors, fieldErrors, hideFields: ["password", "code"] });
  return data<AuthActionData>({ result, context, ...rest }, { status });
}

/** A throttled attempt: 429 with the wait in words and as Retry-After. */
function throttled(
  submission: Submission,
  context: AuthContext,
  waitMs: number,
  message: (seconds: number) => string,
  extra: Partial<AuthActionData> = {},
) {
  const seconds = waitSeconds(waitMs);
  const result = submission.reply({ formErrors: [message(seconds)], hideFields: ["password", "code"] });
  return data<AuthActionData>(
    { result, context, ...extra },
    { status: 429, headers: { "Retry-After": String(seconds) } },
  );
}

/**
 * The session starts (app/http/session.server.ts signIn: cookies, then what follows a sign-in), then a
 * welcome toast; or, when the app idea the forms carried could not start its build, that reason.
 */
async function signedIn(
  app: AppContext,
  request: Request,
  userId: string,
  to: string,
  welcome: string,
  { remember = false, extraCookies = [] as string[], problem = null as string | null } = {},
) {
  const cookies = [...(await signIn(app, request, userId, { remember })), ...extraCookies];
  return redirectWithToast(
    request,
    to,
    problem ? { kind: "error", title: problem } : { kind: "success", title: welcome },
    { headers: cookies.map((cookie): [string, string] => ["Set-Cookie", cookie]) },
  );
}

/**
 * Where a sign-in goes when its forms carried an app idea (the idea box of /creator and /build, typed
 * before signing in): where the same idea goes for a signed-in creator, the build's progress page or
 * the guided build's questions. An idea that cannot start (the idea schema refuses it, no generations
 * left) goes back to the page's idea box with the reason; the idea is kept for the account either way.
 * null when no idea was carried.
 */
export async function ideaLanding(
  app: AppContext,
  request: Request,
  userId: string,
  context: AuthContext,
): Promise<{ to: string; problem: string | null } | null> {
  if (!context.options.idea) return null;
  const start = await startFromIdea(app, userId, context.options.idea, {
    path: context.page.split("?")[0],
    anonymousId: anonymousIdOf(request),
  });
  if (start.kind === "refused") return { to: `${context.page}#idea`, problem: start.message };
  return { to: start.to, problem: null };
}

/** An account event (spec 2: create account and login, success or failure), recorded on the server so visits without JavaScript count. */
function trackAuth(
  app: AppContext,
  request: Request,
  name: EventName,
  context: AuthContext,
  userId: string | null,
  properties: Record<string, unknown> = {},
) {
  recordEvent(
    app,
    name,
    { userId, anonymousId: anonymousIdOf(request) },
    { page: context.page, method: "password", ...properties },
  );
}

/**
 * Log In. With a second factor on and a device that is not remembered, the right password starts a
 * challenge instead of a session (second-step.server.ts): the form's next step asks for the code
 * (logInWithCode), or which factor to use first (chooseSecondFactor).
 */
export const logIn = keptInForm("Login", async (app, request, formData, context) => {
  const step = formData.get("step");
  if (step === "MFA" || step === "EMAIL_MFA") return logInWithCode(app, request, formData, context, step);
  if (step === "SELECT_MFA") return chooseSecondFactor(app, request, formData, context);
  const submission = parseForm(formData, { schema: loginSchema() });
  if (submission.status !== "success") {
    trackAuth(app, request, EVENTS.loginFailure, context, null, { reason: "invalid form" });
    return answer(submission, context, 400);
  }
  const outcome = await authenticate(
    app,
    submission.value.email,
    submission.value.password,
    clientOf(app.env, request),
  );
  if (outcome.status !== "ok")
    trackAuth(app, request, EVENTS.loginFailure, context, null, {
      reason: outcome.status === "wait" ? "too many attempts" : "wrong email or password",
    });
  if (outcome.status === "wait") return throttled(submission, context, outcome.waitMs, messages.tooManyAttempts);
  if (outcome.status === "failed") return answer(submission, context, 400, { formErrors: [messages.loginFailed] });
  if (outcome.user.identityStatus === "FORCE_CHANGE_PASSWORD")
    return chooseOwnPasswordFirst(app, request, context, submission, outcome.user);
  return passwordSignIn(app, request, context, outcome.user, `Welcome back, ${outcome.user.firstName}!`);
});

/**
 * A person an admin added logged in with their temporary password: it only lets them choose their own,
 * so the reset steps take over with a code sent to the email (which the temporary password reached).
 */
async function chooseOwnPasswordFirst(
  app: AppContext,
  request: Request,
  context: AuthContext,
  submission: Submission,
  user: UserRow,
) {
  const sent = await sendResetCode(app, user.email);
  if (sent.status === "wait") return throttled(submission, context, sent.waitMs, messages.tooManyRequests);
  return redirectWithToast(
    request,
    authHref(context.page, "ResetPassword", { ...context.options, step: "CODE", email: user.email }),
    { kind: "info", title: messages.chooseOwnPassword },
  );
}

/**
 * The right password was given (Log In, or a finished reset): with a second factor on and a device
 * that is not remembered, the form's second step asks for it; otherwise the session starts. A reset
 * proves the email, not the second factor, so it never skips the code.
 */
async function passwordSignIn(
  app: AppContext,
  request: Request,
  context: AuthContext,
  user: UserRow,
  welcome: string,
  extraCookies: string[] = [],
) {
  const second = await secondStepOf(app, request, user);
  if (second) return toSecondStep(request, context, user, second, extraCookies);
  const idea = await ideaLanding(app, request, user.id, context);
  const to =
    idea?.to ??
    afterLogin({
      redirect: context.redirect,
      page: context.page,
      user,
      cartItemCount: await cartCountAfterSignIn(app, user.id, anonymousIdOf(request)),
    }) ??
    context.page;
  trackAuth(app, request, EVENTS.loginSuccess, context, user.id);
  return signedIn(app, request, user.id, to, welcome, { extraCookies, problem: idea?.problem ?? null });
}

/** To the form's second step (or, when its emailed code could not be sent, back to Log In saying why). */
function toSecondStep(
  request: Request,
  context: AuthContext,
  user: UserRow,
  second: SecondStep,
  extraCookies: string[] = [],
) {
  if ("refused" in second)
    return redirectWithToast(request, authHref(context.page, "Login", { ...context.options, email: user.email }), {
      kind: "error",
      title: second.refused,
    });
  const headers = new Headers(
    [second.cookie, ...extraCookies].map((cookie): [string, string] => ["Set-Cookie", cookie]),
  );
  return redirectWithToast(
    request,
    authHref(context.page, "Login", { ...context.options, step: second.step, email: user.email }),
    null,
    { headers },
  );
}

/** SELECT_MFA: the person chose a second factor; its step follows, in place of the choice's challenge. */
async function chooseSecondFactor(app: AppContext, request: Request, formData: FormData, context: AuthContext) {
  const submission = parseForm(formData, { schema: mfaChoiceSchema() });
  if (submission.status !== "success") return answer(submission, context, 400, { step: "SELECT_MFA" });
  const expired = () => answer(submission, context, 400, { step: "SELECT_MFA", formErrors: [messages.mfaExpired] });
  const token = await challengeFromCookie(request);
  const userId = await challengeUser(app, token, "SELECT_MFA_TYPE");
  const user = userId ? await findUserById(app, userId) : null;
  if (!token || !user) return expired();
  if (!(await mfaSettingsOf(app, user)).enabled.includes(submission.value.factor))
    return answer(submission, context, 400, { step: "SELECT_MFA", formErrors: [messages.mfaChoiceRequired] });
  if (!(await endChallenge(app, token))) return expired();
  return toSecondStep(request, context, user, await startSecondStep(app, request, user, submission.value.factor));
}

/**
 * The code step (the authenticator's, or the emailed one): the challenge from the cookie, the code, then
 * the session (and, if asked, a remembered device).
 */
async function logInWithCode(
  app: AppContext,
  request: Request,
  formData: FormData,
  context: AuthContext,
  step: "MFA" | "EMAIL_MFA",
) {
  const submission = parseForm(formData, { schema: mfaCodeSchema() });
  if (submission.status !== "success") return answer(submission, context, 400, { step });
  const token = await challengeFromCookie(request);
  const userId = await challengeUser(app, token, step === "MFA" ? "SOFTWARE_TOKEN_MFA" : "EMAIL_OTP");
  if (!token || !userId) return answer(submission, context, 400, { step, formErrors: [messages.mfaExpired] });
  const client = clientOf(app.env, request);
  const checked =
    step === "MFA"
      ? await answerSignInChallenge(app, userId, submission.value.code, client)
      : await answerEmailMfaCode(app, userId, submission.value.code, client);
  if (typeof checked === "object")
    return throttled(submission, context, checked.waitMs, messages.tooManyAttempts, { step });
  if (checked === "expired") return answer(submission, context, 400, { step, formErrors: [messages.emailMfaExpired] });
  if (checked === "mismatch") {
    trackAuth(app, request, EVENTS.loginFailure, context, null, { reason: "wrong code", mfa: true });
    return answer(submission, context, 400, { step, fieldErrors: { code: [messages.mfaCodeMismatch] } });
  }
  if (!(await endChallenge(app, token)))
    return answer(submission, context, 400, { step, formErrors: [messages.mfaExpired] });
  const user = await findUserById(app, userId);
  if (!user) return answer(submission, context, 400, { step, formErrors: [messages.mfaExpired] });
  const idea = await ideaLanding(app, request, user.id, context);
  const to =
    idea?.to ??
    afterLogin({
      redirect: context.redirect,
      page: context.page,
      user,
      cartItemCount: await cartCountAfterSignIn(app, user.id, anonymousIdOf(request)),
    }) ??
    context.page;
  trackAuth(app, request, EVENTS.loginSuccess, context, user.id, { mfa: true });
  return signedIn(app, request, user.id, to, `Welcome back, ${user.firstName}!`, {
    remember: submission.value.remember === "on",
    extraCookies: [await challengeCookieHeader(request, null)],
    problem: idea?.problem ?? null,
  });
}

/** Spec 4's sign-up sequence: the service must be up; the account is made in one transaction; then signed in. */
export const signUp = keptInForm("CreateAccount", async (app, request, formData, context) => {
  const submission = parseForm(formData, { schema: createAccountSchema(app.env.SUPPORT_EMAIL) });
  const failed = (reason: string) => trackAuth(app, request, EVENTS.createAccountFailure, context, null, { reason });
  if (submission.status !== "success") {
    failed("invalid form");
    return answer(submission, context, 400);
  }
  if (await isCommonPassword(submission.value.password)) {
    failed("common password");
    return answer(submission, context, 400, { fieldErrors: { password: [messages.passwordTooCommon] } });
  }
  if (!(await serverUp(app))) {
    failed("server down");
    return answer(submission, context, 503, { formErrors: [messages.serverDown] });
  }
  try {
    const user = await createAccount(app, submission.value);
    const idea = await ideaLanding(app, request, user.id, context);
    const to = idea?.to ?? afterCreateAccount({ redirect: context.redirect, page: context.page, user }) ?? context.page;
    trackAuth(app, request, EVENTS.createAccountSuccess, context, user.id);
    return signedIn(app, request, user.id, to, `Welcome to ${app.env.PRODUCT_NAME}, ${user.firstName}!`, {
      problem: idea?.problem ?? null,
    });
  } catch (error) {
    failed(error instanceof EmailTakenError ? "email taken" : "error");
    if (error instanceof EmailTakenError)
      return answer(submission, context, 400, { formErrors: [messages.createAccountFailed] });
    console.error("sign-up failed", error);
    return answer(submission, context, 500, { formErrors: [messages.createAccountFailed] });
  }
});

/** Get Started: collect the email (a lead), warn once about a likely typo or a doubtful address, then Create Account. */
export const getStarted = keptInForm("Email", async (app, request, formData, context) => {
  const submission = parseForm(formData, { schema: getStartedSchema() });
  if (submission.status !== "success") return answer(submission, context, 400);
  recordEvent(
    app,
    EVENTS.authModalEmailSignupClicked,
    { anonymousId: anonymousIdOf(request) },
    { form: "Email", page: context.page },
  );
  const { email } = submission.value;
  let info;
  try {
    info = await collectEmail(app, {
      email,
      classInterestedIn: await interestFromPage(app, context.page),
      source: context.options.source ?? context.page,
    });
  } catch (error) {
    console.error("collectEmail failed", error);
    // 'Unable to verify email' when the check itself failed; the generic message when keeping the email did.
    const { message } = authFailure("Email", { cause: "server", error, supportEmail: app.env.SUPPORT_EMAIL });
    return answer(submission, context, 500, { formErrors: [message] });
  }
  const shown = { suggestion: submission.value.shownSuggestion === "1", score: submission.value.shownScore === "1" };
  const warning = emailWarning(info, shown);
  if (warning)
    return answer(submission, context, 200, {
      notice: { message: warning.message, shown: { ...shown, [warning.kind]: true } },
    });
  return redirectWithToast(request, authHref(context.page, "CreateAccount", { ...context.options, email }), null);
});

/** SocialSignUp's email: an existing account goes to Login, a new one to Create Account. */
export const socialSignUp = keptInForm("SocialSignUp", async (app, request, formData, context) => {
  const submission = parseForm(formData, { schema: socialSignUpSchema() });
  if (submission.status !== "success") return answer(submission, context, 400);
  recordEvent(
    app,
    EVENTS.authModalEmailSignupClicked,
    { anonymousId: anonymousIdOf(request) },
    { form: "SocialSignUp", page: context.page },
  );
  const waitMs = await takeAttempt(app, `lookup:${clientOf(app.env, request).key}`, LOOKUP_POLICY);
  if (waitMs > 0) return throttled(submission, context, waitMs, messages.tooManyRequests);
  const exists = Boolean(await findUserByEmail(app, submission.value.email));
  return redirectWithToast(
    request,
    authHref(context.page, exists ? "Login" : "CreateAccount", { ...context.options, email: submission.value.email }),
    null,
  );
});

const resetCookie = createCookie("studio_reset", { path: "/", httpOnly: true, sameSite: "lax", maxAge: 60 * 60 });

/**
 * Reset Password, one post per step. The code checked at CODE waits in an HttpOnly cookie for
 * NEWPASSWORD (never in the address), where it is checked again and spent.
 */
export const resetPasswordStep = keptInForm("ResetPassword", async (app, request, formData, context) => {
  const step = formData.get("step") as AuthStep | null;
  const secure = isSecureRequest(request);
  const client = clientOf(app.env, request);
  const next = (to: AuthStep, email: string, headers?: Headers) =>
    redirectWithToast(request, authHref(context.page, "ResetPassword", { ...context.options, step: to, email }), null, {
      headers,
    });
  const wait = (submission: Submission, waitMs: number, at: AuthStep) =>
    throttled(submission, context, waitMs, messages.tooManyRequests, { step: at });

  if (step === "CODE") {
    const submission = parseForm(formData, { schema: resetCodeSchema(app.env.SUPPORT_EMAIL) });
    if (submission.status !== "success") return answer(submission, context, 400, { step: "CODE" });
    const outcome = await verifyResetCode(app, submission.value.email, submission.value.code, client);
    if (outcome.status === "wait") return wait(submission, outcome.waitMs, "CODE");
    if (outcome.status !== "ok") {
      return answer(submission, context, 400, {
        step: "CODE",
        fieldErrors: { code: [outcome.status === "expired" ? messages.codeExpired : messages.codeMismatch] },
      });
    }
    const headers = new Headers({ "Set-Cookie": await resetCookie.serialize(submission.value.code, { secure }) });
    return next("NEWPASSWORD", submission.value.email, headers);
  }

  if (step === "NEWPASSWORD") {
    const submission = parseForm(formData, { schema: resetPasswordSchema(app.env.SUPPORT_EMAIL) });
    if (submission.status !== "success") return answer(submission, context, 400, { step: "NEWPASSWORD" });
    if (await isCommonPassword(submission.value.password))
      return answer(submission, context, 400, {
        step: "NEWPASSWORD",
        fieldErrors: { password: [messages.passwordTooCommon] },
      });
    const code = await resetCookie.parse(request.headers.get("Cookie"));
    if (typeof code !== "string")
      return answer(submission, context, 400, { step: "CODE", fieldErrors: { code: [messages.codeRequired] } });
    const outcome = await resetPassword(app, submission.value.email, code, submission.value.password, client);
    if (outcome.status === "wait") return wait(submission, outcome.waitMs, "CODE");
    if (outcome.status !== "ok") {
      return answer(submission, context, 400, {
        step: "CODE",
        fieldErrors: { code: [outcome.status === "expired" ? messages.codeExpired : messages.codeMismatch] },
      });
    }
    // Spec 4: on success, sign in. The reset already signed the user out everywhere (every session
    // and token of theirs ended with the code), so this new session is the only one.
    const user = await findUserById(app, outcome.userId);
    const spent = await resetCookie.serialize("", { maxAge: 0, secure });
    if (!user) return answer(submission, context, 400, { step: "EMAIL", formErrors: [messages.userNotFound] });
    return passwordSignIn(app, request, context, user, messages.passwordChanged, [spent]);
  }

  const submission = parseForm(formData, { schema: resetEmailSchema(app.env.SUPPORT_EMAIL) });
  if (submission.status !== "success") return answer(submission, context, 400, { step: "EMAIL" });
  // The spec's answer for an unknown email tells whether an account exists, so asking is throttled per client like checkUserExists.
  const lookupWaitMs = await takeAttempt(app, `lookup:${client.key}`, LOOKUP_POLICY);
  if (lookupWaitMs > 0) return wait(submission, lookupWaitMs, "EMAIL");
  let outcome: Awaited<ReturnType<typeof sendResetCode>>;
  try {
    outcome = await sendResetCode(app, submission.value.email);
  } catch (error) {
    if (!(error instanceof EmailNotConfiguredError)) throw error;
    return answer(submission, context, 503, {
      step: "EMAIL",
      formErrors: [emailNotConfiguredMessage(app.env.SUPPORT_EMAIL)],
    });
  }
  if (outcome.status === "wait") return wait(submission, outcome.waitMs, "EMAIL");
  if (outcome.status === "not_found")
    return answer(submission, context, 400, { step: "EMAIL", formErrors: [messages.userNotFound] });
  return next("CODE", submission.value.email);
});

export const joinWaitlistForm = keptInForm("JoinWaitlist", async (app, request, formData, context) => {
  const submission = parseForm(formData, { schema: joinWaitlistSchema(app.env.SUPPORT_EMAIL) });
  if (submission.status !== "success") return answer(submission, context, 400);
  try {
    await joinWaitlistFromForm(app, {
      email: submission.value.email,
      list: context.options.source ?? context.page.split("?")[0],
      page: context.page,
    });
  } catch (error) {
    console.error("waitlist failed", error);
    return answer(submission, context, 500, { formErrors: [messages.generic] });
  }
  return redirectWithToast(request, authHref(context.page, "JoinWaitlist", { ...context.options, step: "DONE" }), null);
});
