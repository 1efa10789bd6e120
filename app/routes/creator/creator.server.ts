/**
 * /creator and /build (the same page, two headings): the page's data (signed in or not, just joined,
 * the idea box's text) and its two form posts: the idea box ("Build my app", intent=build) and the
 * waitlist form (any other post).
 */
import { data, redirect } from "@remix-run/cloudflare";
import { keepVisitorIdeaDraft, serverIdeaDraft, visitorIdeaDraft } from "~/features/apps/dashboard.server";
import { appIdeaSchema, IDEA_LIMITS, IDEA_MESSAGES, type IdeaDraft } from "~/features/apps/rules";
import { startFromIdea } from "~/features/builder/start-from-idea.server";
import type { CreatorPageVariant } from "~/features/creators/rules";
import { creatorMessages } from "~/features/creators/rules";
import { creatorWaitlistSchema } from "~/features/creators/schema";
import { joinCreatorWaitlist } from "~/features/creators/waitlist.server";
import { authHref, parseAuthOptions } from "~/features/identity/modal";
import { ensureAnonymousId, visitorOf } from "~/http/visitor.server";
import type { AppContext } from "~/platform/context";
import { parseForm } from "~/platform/form.server";
import { formDataOf } from "~/platform/http.server";

export interface CreatorPageData {
  variant: CreatorPageVariant;
  joined: boolean;
  /** The Log In modal on this same page: a successful login there only closes it (spec 2). */
  loginHref: string | null;
  signedIn: boolean;
  /**
   * The idea box's text: the idea the open sign-in carries (?authIdea=), else the one kept on the
   * server (the creator's, or what this visitor sent before signing in), with when it was kept.
   */
  ideaDraft: IdeaDraft | null;
}

/** What a refused post re-renders: the waitlist's email, or the idea box's text, with the message. */
export type CreatorFormData =
  | { intent: "waitlist"; error: string; email: string }
  | { intent: "build"; error: string; appIdea: string; timestamp: number };

export async function loadCreatorPage(
  app: AppContext,
  request: Request,
  variant: CreatorPageVariant,
): Promise<CreatorPageData> {
  const url = new URL(request.url);
  const { user, anonymousId } = await visitorOf(app, request);
  const carried = parseAuthOptions((name) => url.searchParams.get(name)).idea;
  const ideaDraft = carried
    ? { appIdea: carried.slice(0, IDEA_LIMITS.max), timestamp: app.now }
    : user
      ? await serverIdeaDraft(app, user.id)
      : anonymousId
        ? await visitorIdeaDraft(app, anonymousId)
        : null;
  return {
    variant,
    joined: url.searchParams.get("joined") === "1",
    loginHref: user ? null : authHref(url.pathname, "Login"),
    signedIn: Boolean(user),
    ideaDraft,
  };
}

/** The page's posts: the idea box's (intent=build) or the waitlist form's. */
export async function creatorPageAction(app: AppContext, request: Request) {
  const form = (await formDataOf(request)) ?? new FormData();
  if (form.get("intent") === "build") return ideaAction(app, request, form);
  return waitlistAction(app, request, form);
}

/**
 * "Build my app". A signed-in creator's idea starts the build as on /dashboard (its progress page, or
 * the guided build's questions). A visitor's idea, once the idea schema accepts it, is kept for them
 * (by their anonymous id, so the page shows it again without JavaScript) and carried into Create
 * Account over this page (?authIdea=): the sign-in that follows, by any form, starts the build with
 * it (routes/auth). A bad idea re-renders the box with the schema's message and the text kept.
 */
async function ideaAction(app: AppContext, request: Request, form: FormData) {
  const page = new URL(request.url).pathname;
  const raw = form.get("appIdea");
  const typed = (typeof raw === "string" ? raw : "").slice(0, IDEA_LIMITS.max * 2);
  const refused = (error: string, status: 400 | 429 | 503, headers: HeadersInit = {}) =>
    data<CreatorFormData>(
      { intent: "build", error, appIdea: typed.slice(0, IDEA_LIMITS.max), timestamp: app.now },
      { status, headers },
    );
  const { user } = await visitorOf(app, request);
  if (user) {
    const start = await startFromIdea(app, user.id, typed, { path: page });
    if (start.kind === "refused") return refused(start.message, start.status, start.headers);
    throw redirect(start.to, 303);
  }
  const { anonymousId, cookies } = ensureAnonymousId(request);
  const headers = cookies.map((cookie): [string, string] => ["Set-Cookie", cookie]);
  const submission = parseForm(form, { schema: appIdeaSchema });
  if (submission.status !== "success") {
    await keepVisitorIdeaDraft(app, anonymousId, typed);
    return refused(submission.error?.appIdea?.[0] ?? IDEA_MESSAGES.required, 400, headers);
  }
  const idea = submission.value.appIdea;
  await keepVisitorIdeaDraft(app, anonymousId, idea);
  throw redirect(authHref(page, "CreateAccount", { idea }), { status: 303, headers });
}

/**
 * The waitlist form's post: success goes back to the page with ?joined=1 (a 303, so reloading does not
 * post again); a problem re-renders the page with the message and the typed email kept.
 */
async function waitlistAction(app: AppContext, request: Request, form: FormData) {
  const submission = parseForm(form, { schema: creatorWaitlistSchema(app.env.SUPPORT_EMAIL) });
  const typed = submission.payload.email;
  const email = typeof typed === "string" ? typed.slice(0, 200) : "";
  if (submission.status !== "success") {
    const error = submission.error?.email?.[0] ?? creatorMessages.failed;
    return data<CreatorFormData>({ intent: "waitlist", error, email }, { status: 400 });
  }
  const result = await joinCreatorWaitlist(app, submission.value.email);
  if (!result.ok)
    return data<CreatorFormData>({ intent: "waitlist", error: result.message, email }, { status: result.status });
  const url = new URL(request.url);
  return redirect(`${url.pathname}?joined=1`, 303);
}
