/**
 * /creator and /build (the same page, two headings): the page's data (signed in or not, just joined)
 * and its waitlist form's post.
 */
import { data, redirect } from "@remix-run/cloudflare";
import { parseSubmission } from "~/http/form.server";
import { visitorOf } from "~/http/visitor.server";
import type { CreatorPageVariant } from "~/features/creators/rules";
import { creatorMessages } from "~/features/creators/rules";
import { creatorWaitlistSchema } from "~/features/creators/schema";
import { joinCreatorWaitlist } from "~/features/creators/waitlist.server";
import { authHref } from "~/features/identity/modal";
import type { AppContext } from "~/platform/context";

export interface CreatorPageData {
  variant: CreatorPageVariant;
  joined: boolean;
  /** The Log In modal on this same page: a successful login there only closes it (spec 2). */
  loginHref: string | null;
}

export interface CreatorFormData {
  error: string;
  email: string;
}

export async function loadCreatorPage(
  app: AppContext,
  request: Request,
  variant: CreatorPageVariant,
): Promise<CreatorPageData> {
  const url = new URL(request.url);
  const { user } = await visitorOf(app, request);
  return {
    variant,
    joined: url.searchParams.get("joined") === "1",
    loginHref: user ? null : authHref(url.pathname, "Login"),
  };
}

/**
 * The page form's post: success goes back to the page with ?joined=1 (a 303, so reloading does not
 * post again); a problem re-renders the page with the message and the typed email kept.
 */
export async function creatorWaitlistAction(app: AppContext, request: Request) {
  const submission = await parseSubmission(request, creatorWaitlistSchema(app.env.SUPPORT_EMAIL));
  const typed = submission.payload.email;
  const email = typeof typed === "string" ? typed : "";
  if (submission.status !== "success") {
    const error = submission.error?.email?.[0] ?? creatorMessages.failed;
    return data<CreatorFormData>({ error, email: email.slice(0, 200) }, { status: 400 });
  }
  const result = await joinCreatorWaitlist(app, submission.value.email);
  if (!result.ok)
    return data<CreatorFormData>({ error: result.message, email: email.slice(0, 200) }, { status: result.status });
  const url = new URL(request.url);
  return redirect(`${url.pathname}?joined=1`, 303);
}
