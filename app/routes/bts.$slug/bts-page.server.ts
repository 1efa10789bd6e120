/**
 * /bts/{slug} over HTTP: a behind-the-scenes video's page (the player, the class it is about, the
 * other videos, the viewer's feedback) and the feedback form's post. The viewer is the signed-in
 * user, or the anonymous visitor's id (made on a first post when the browser has none yet).
 */
import { data } from "@remix-run/cloudflare";
import { btsVideoBySlug, feedbackOf, listBtsVideos, saveFeedback } from "~/features/bts/bts.server";
import { btsEndHref, FEEDBACK_PARAM, FEEDBACK_SENT, feedbackSentHref } from "~/features/bts/rules";
import { feedbackSchema } from "~/features/bts/schema";
import { lessonMedia } from "~/features/learning/rules";
import { parseSubmission } from "~/http/form.server";
import { orErrorPage } from "~/http/service.server";
import { redirectWithToast } from "~/http/toast.server";
import { ensureAnonymousId, visitorOf } from "~/http/visitor.server";
import type { AppContext } from "~/platform/context";
import { notFound } from "~/platform/http.server";

export async function loadBtsPage(app: AppContext, request: Request, slug: string) {
  const [video, all, visitor] = await Promise.all([
    btsVideoBySlug(app, slug),
    listBtsVideos(app),
    visitorOf(app, request),
  ]);
  if (!video) notFound("No such behind-the-scenes video");
  const viewerId = visitor.user?.id ?? visitor.anonymousId;
  const saved = await feedbackOf(app, video.id, viewerId);
  const url = new URL(request.url);
  return {
    video: {
      id: video.id,
      slug: video.slug,
      title: video.title,
      description: video.description,
      href: video.href,
      posterUrl: video.posterUrl,
      durationSeconds: video.durationSeconds,
      media: lessonMedia(video.videoUrl, video.captionsUrl),
      endHref: btsEndHref(video.slug),
    },
    product: video.product,
    others: all
      .filter((v) => v.id !== video.id)
      .map(({ slug, title, href, posterUrl, durationSeconds, product }) => ({
        slug,
        title,
        href,
        posterUrl,
        durationSeconds,
        product: product ? { title: product.title } : null,
      })),
    saved: saved ? { rating: saved.rating, comment: saved.comment } : null,
    signedIn: Boolean(visitor.user),
    feedbackSent: url.searchParams.get(FEEDBACK_PARAM) === FEEDBACK_SENT,
  };
}

/** The feedback form: bad input answers its errors and saves nothing; a good one goes to ?feedback=sent. */
export async function btsFeedbackAction(app: AppContext, request: Request, slug: string) {
  const submission = await parseSubmission(request, feedbackSchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const visitor = await visitorOf(app, request);
  const made = visitor.user ? null : ensureAnonymousId(request);
  const viewer = visitor.user
    ? { viewerId: visitor.user.id, userId: visitor.user.id }
    : { viewerId: made!.anonymousId, userId: null };
  const { video } = await orErrorPage(saveFeedback(app, viewer, slug, submission.value));
  const headers = new Headers();
  for (const cookie of made?.cookies ?? []) headers.append("Set-Cookie", cookie);
  return redirectWithToast(request, feedbackSentHref(video.slug), null, { headers });
}
