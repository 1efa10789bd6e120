import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { parseSubmission } from "~/http/form.server";
import { isSecureRequest } from "~/platform/http.server";
import { safeRedirectPath } from "~/platform/redirect";
import { themeCookieHeader } from "~/platform/theme.server";

const themeForm = z.object({ theme: z.enum(["light", "dark"]), redirectTo: z.string().optional() });

/** POST /theme: switches light/dark and returns to the page (303, so it works without JavaScript). */
export async function action({ request }: ActionFunctionArgs) {
  const submission = await parseSubmission(request, themeForm);
  if (submission.status !== "success") return Response.json({ error: "Choose light or dark." }, { status: 400 });
  return redirect(safeRedirectPath(submission.value.redirectTo), {
    status: 303,
    headers: { "Set-Cookie": await themeCookieHeader(submission.value.theme, isSecureRequest(request)) },
  });
}

export async function loader() {
  return redirect("/");
}
