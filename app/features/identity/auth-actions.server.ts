/** The Log In and Create Account form posts: validate, act, then a 303 (or the errors with a 400). */
import { data, redirect } from "@remix-run/cloudflare";
import type { AppContext } from "~/platform/context";
import { isSecureRequest } from "~/platform/http.server";
import { safeRedirectPath } from "~/platform/redirect";
import { setToastHeader } from "~/platform/toast.server";
import { EmailTakenError, authenticate, createAccount } from "./accounts.server";
import type { AuthFormResult } from "./components/AuthForms";
import { afterCreateAccount, afterLogin, messages } from "./rules";
import { createAccountSchema, fieldErrors, loginSchema } from "./schema";
import { startSession } from "./sessions.server";

type Fields = Record<string, FormDataEntryValue>;

function valuesOf(form: Fields) {
  const text = (key: string) => (typeof form[key] === "string" ? (form[key] as string).slice(0, 200) : undefined);
  return { email: text("email"), firstName: text("firstName"), lastName: text("lastName"), page: safeRedirectPath(text("page")), redirect: text("redirect") ? safeRedirectPath(text("redirect")) : undefined };
}

function failed(form: Fields, errors: AuthFormResult["errors"]) {
  return data<AuthFormResult>({ errors, values: valuesOf(form) }, { status: 400 });
}

async function signedIn(app: AppContext, request: Request, userId: string, to: string, welcome: string) {
  const headers = new Headers();
  headers.append("Set-Cookie", await startSession(app, request, userId));
  headers.append("Set-Cookie", await setToastHeader({ kind: "success", title: welcome }, isSecureRequest(request)));
  return redirect(to, { status: 303, headers });
}

export async function logIn(app: AppContext, request: Request) {
  const form = Object.fromEntries(await request.formData());
  const parsed = loginSchema(app.env.SUPPORT_EMAIL).safeParse(form);
  if (!parsed.success) return failed(form, fieldErrors(parsed.error));
  const user = await authenticate(app, parsed.data.email, parsed.data.password);
  if (!user) return failed(form, { form: messages.loginFailed });
  const page = safeRedirectPath(parsed.data.page);
  const to = afterLogin({ redirect: parsed.data.redirect ? safeRedirectPath(parsed.data.redirect) : null, page, user, cartItemCount: 0 }) ?? page;
  return signedIn(app, request, user.id, to, `Welcome back, ${user.firstName}!`);
}

export async function signUp(app: AppContext, request: Request) {
  const form = Object.fromEntries(await request.formData());
  const parsed = createAccountSchema(app.env.SUPPORT_EMAIL).safeParse(form);
  if (!parsed.success) return failed(form, fieldErrors(parsed.error));
  try {
    const user = await createAccount(app, parsed.data);
    const page = safeRedirectPath(parsed.data.page);
    const to = afterCreateAccount({ redirect: parsed.data.redirect ? safeRedirectPath(parsed.data.redirect) : null, page, user }) ?? page;
    return signedIn(app, request, user.id, to, `Welcome to ${app.env.PRODUCT_NAME}, ${user.firstName}!`);
  } catch (error) {
    if (error instanceof EmailTakenError) return failed(form, { form: messages.createAccountFailed });
    throw error;
  }
}
