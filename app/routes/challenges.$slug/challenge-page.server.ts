/**
 * /challenges/{slug} over HTTP: the page for anyone (the days, who joined, where it is), and its one
 * form, Join the challenge. A visitor's "Get started" keeps a pending join in a short cookie and opens
 * the auth modal (?auth=Email) with a redirect back here; the sign-in that follows joins them
 * (app/http/sign-in.server.ts), so they land on this page already in.
 */
import { challengePage, joinChallenge, joinableChallenge } from "~/features/challenges/challenges.server";
import { challengeFormSchema } from "~/features/challenges/schema";
import { pendingChallengeCookie } from "~/http/challenge-join.server";
import { parseSubmission } from "~/http/form.server";
import { orErrorPage } from "~/http/service.server";
import { redirectWithToast } from "~/http/toast.server";
import { visitorOf } from "~/http/visitor.server";
import { authHref } from "~/features/identity/modal";
import type { AppContext } from "~/platform/context";
import { isSecureRequest, notFound } from "~/platform/http.server";
import { renderMarkdown } from "~/platform/markdown";
import { ServiceError } from "~/platform/service-error";

/** The page's address; the slug is encoded, as it comes from the address and goes back into a Location header. */
export const challengePath = (slug: string) => `/challenges/${encodeURIComponent(slug)}`;

/** The auth modal's Get Started over the challenge, coming back here after sign-up or log-in. */
export function getStartedHref(slug: string): string {
  const here = challengePath(slug);
  return `${authHref(here, "Email")}&redirect=${encodeURIComponent(here)}`;
}

export async function loadChallengePage(app: AppContext, request: Request, slug: string) {
  const { user } = await visitorOf(app, request);
  const challenge = await orErrorPage(challengePage(app, slug, user?.id ?? null));
  return {
    challenge,
    descriptionHtml: renderMarkdown(challenge.description),
    signedIn: Boolean(user),
    now: app.now,
  };
}

/** Join the challenge: a signed-in learner joins (twice is harmless); a visitor is sent to sign up first. */
export async function challengeAction(app: AppContext, request: Request, slug: string) {
  const here = challengePath(slug);
  const submission = await parseSubmission(request, challengeFormSchema);
  if (submission.status !== "success")
    return redirectWithToast(request, here, { kind: "error", title: "Unknown action" });
  const { user } = await visitorOf(app, request);
  try {
    if (!user) {
      const challenge = await joinableChallenge(app, slug);
      return redirectWithToast(request, getStartedHref(challenge.slug), null, {
        headers: [["Set-Cookie", pendingChallengeCookie(challenge.slug, isSecureRequest(request))]],
      });
    }
    const { joined } = await joinChallenge(app, user.id, slug);
    return redirectWithToast(request, here, {
      kind: "success",
      title: joined ? "You're in!" : "You're already in",
      description: "Today's lesson is at the top of the page and on your dashboard.",
    });
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    if (error.failure === "not-found") notFound(error.message);
    return redirectWithToast(request, here, { kind: "error", title: error.message });
  }
}
