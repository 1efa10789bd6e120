/**
 * /watch/{titleSlug-idWithoutDashes} over HTTP: one lesson of a class, for those who may watch it
 * (owners, members, anyone on a free preview); the class's buy buttons for everyone else.
 */
import { redirect } from "@remix-run/cloudflare";
import { getProductDetail } from "~/features/catalog/products.server";
import {
  canWatch,
  classAccess,
  classLessonOrder,
  completeLesson,
  lessonProgressOfClass,
  lessonWithProduct,
} from "~/features/learning/progress.server";
import { classPercent, isComplete, lessonMedia, neighbours, resumeAt, watchHref } from "~/features/learning/rules";
import { watchFormSchema } from "~/features/learning/schema";
import { parseSubmission } from "~/http/form.server";
import { productCta } from "~/http/product-cta.server";
import { sessionUserOf } from "~/http/session.server";
import { redirectWithToast } from "~/http/toast.server";
import { loginHref } from "~/http/visitor.server";
import type { AppContext } from "~/platform/context";
import { uuidFromSlug } from "~/platform/format";
import { notFound } from "~/platform/http.server";

async function findLesson(app: AppContext, slug: string) {
  const lessonId = uuidFromSlug(slug);
  const found = lessonId ? await lessonWithProduct(app, lessonId) : null;
  if (!found) notFound("No such lesson");
  return found;
}

export async function loadWatchPage(app: AppContext, request: Request, slug: string) {
  const found = await findLesson(app, slug);
  const url = new URL(request.url);
  // One address per lesson: an old or mistyped title part goes to the current one.
  const canonical = watchHref(found.lesson);
  if (url.pathname !== canonical) throw redirect(canonical + url.search, 301);

  const user = await sessionUserOf(app, request);
  const [product, access, rows] = await Promise.all([
    getProductDetail(app.db, { id: found.product.id }),
    classAccess(app, user, found.product),
    lessonProgressOfClass(app, user?.id ?? null, found.product.id),
  ]);
  if (!product) notFound("No such lesson");
  const progress = new Map(rows.map((r) => [r.lessonId, r]));
  const lesson = found.lesson;
  const allowed = canWatch(access, lesson);
  const lessons = product.lessons.map((l) => ({
    ...l,
    href: watchHref(l),
    complete: isComplete(progress.get(l.id)),
    percent: progress.get(l.id)?.percentComplete ?? 0,
    locked: !canWatch(access, l),
  }));
  const { previous, next } = neighbours(lessons, lesson.id);
  // ?t= (a 'Resume' link) wins over the saved place; both end up as a media fragment on the video.
  const asked = Number.parseInt(url.searchParams.get("t") ?? "", 10);
  const saved = progress.get(lesson.id);

  const { offers, cta, respond } = await productCta(app, request, [product.id]);
  const { crossedPriceApplicableFrom, specialOnlyVip, shouldNotHideDiscount, priceInfo } = product;
  return respond({
    product: {
      id: product.id,
      title: product.title,
      creatorName: product.creator.name,
      coverUrl: product.coverUrl,
      href: `/classes/${product.storefrontSlug}/${product.classSlug}`,
    },
    lesson: {
      id: lesson.id,
      title: lesson.title,
      summary: lesson.summary,
      position: lesson.position,
      durationSeconds: lesson.durationSeconds,
      isPreview: lesson.isPreview,
      media: allowed ? lessonMedia(lesson.videoUrl, lesson.captionsUrl) : ({ kind: "none" } as const),
      complete: isComplete(saved),
      savedPosition: saved ? Math.floor(saved.positionSeconds) : 0,
    },
    lessons,
    previous: previous ? { title: previous.title, href: previous.href } : null,
    next: next ? { title: next.title, href: next.href, locked: next.locked } : null,
    access,
    allowed,
    signedIn: Boolean(user),
    startAt: Number.isFinite(asked) && asked >= 0 ? asked : resumeAt(saved),
    classPercent: classPercent(lessons, progress),
    cta: cta(product.id),
    price: offers.price({ crossedPriceApplicableFrom, specialOnlyVip, shouldNotHideDiscount, priceInfo }),
    now: app.now,
  });
}

/** 'Mark as complete' (the form works without JavaScript, and under embeds that cannot report). */
export async function watchAction(app: AppContext, request: Request, slug: string) {
  const found = await findLesson(app, slug);
  const user = await sessionUserOf(app, request);
  const here = watchHref(found.lesson);
  if (!user) throw redirect(loginHref(here), 303);
  const submission = await parseSubmission(request, watchFormSchema);
  if (submission.status !== "success") return Response.json({ error: "Unknown action" }, { status: 400 });

  const outcome = await completeLesson(app, user, found.product.id, found.lesson.id);
  if (!outcome.ok) return Response.json({ error: outcome.error }, { status: outcome.status });
  const { next } = neighbours(await classLessonOrder(app, found.product.id), found.lesson.id);
  const goTo = next && canWatch(outcome.access, next) ? watchHref(next) : here;
  // The page changes under the learner (to the next lesson), so the toast names what they finished.
  const finished = `You finished “${found.lesson.title}”.`;
  return redirectWithToast(request, goTo, {
    kind: "success",
    title: "Marked as complete",
    description:
      goTo !== here
        ? `${finished} Up next: ${next!.title}.`
        : next
          ? finished
          : `${finished} That was the last lesson of the class.`,
  });
}
