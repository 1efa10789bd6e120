/**
 * The auth forms' posts in the browser (JavaScript on, the modal's fetchers and the pages' forms): the
 * server's answer as it is; when the request itself fails (no network: 'Failed to fetch') the form
 * says so in spec 8's words, with what was typed, instead of an error page. Without JavaScript the
 * browser posts the form itself and shows its own page when the network is down.
 */
import { parseWithZod } from "@conform-to/zod";
import { isRouteErrorResponse, type ClientActionFunctionArgs } from "@remix-run/react";
import { z } from "zod";
import { authContextOf, postedStep, type AuthActionData, type AuthForm } from "~/features/identity/modal";
import { authFailure } from "~/features/identity/rules";

/** The form's answer when its request failed: 503, so the page's data is not read again over the same network. */
export function requestFailedAnswer(form: AuthForm, formData: FormData): Response {
  const { message, title } = authFailure(form, { cause: "request" });
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value : null;
  };
  const posted = postedStep(formData.get("step"));
  const step = form === "ResetPassword" ? (posted ?? "EMAIL") : form === "Login" ? posted : undefined;
  const answer: AuthActionData = {
    result: parseWithZod(formData, { schema: z.object({}) }).reply({
      formErrors: [message],
      hideFields: ["password", "code"],
    }),
    context: authContextOf(text),
    ...(title ? { errorTitle: title } : {}),
    ...(step ? { step } : {}),
  };
  return Response.json(answer, { status: 503 });
}

/** A route's clientAction for the auth form it serves. */
export function requestFailuresInForm(form: AuthForm) {
  return async ({ request, serverAction }: ClientActionFunctionArgs) => {
    const formData = await request.clone().formData();
    try {
      return await serverAction<AuthActionData>();
    } catch (error) {
      // The server's own answers (a redirect, a refusal it threw) go on as the router handles them.
      if (error instanceof Response || isRouteErrorResponse(error)) throw error;
      return requestFailedAnswer(form, formData);
    }
  };
}
