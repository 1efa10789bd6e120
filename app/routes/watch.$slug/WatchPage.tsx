import { Form, Link, useNavigation } from "@remix-run/react";
import { BuyButtons } from "~/features/cart/components/BuyButtons";
import { MembershipUnread } from "~/features/subscriptions/components/MembershipUnread";
import type { ProductCta } from "~/features/cart/cta";
import { PriceTag } from "~/features/catalog/components/PriceTag";
import { authHref } from "~/features/identity/modal";
import type { ShownPrice } from "~/features/offers/rules";
import { clockText, durationText } from "~/platform/format";
import { Button, ButtonLink } from "~/ui/Button";
import { Icon } from "~/ui/icons";
import { ProgressBar } from "~/ui/ProgressBar";
import { Tag } from "~/ui/Tag";
import type { Access } from "~/features/learning/progress.server";
import type { Media } from "~/features/learning/rules";
import { LessonPlayer } from "~/features/learning/components/LessonPlayer";

export interface WatchPageData {
  product: { id: string; title: string; creatorName: string; coverUrl: string; href: string };
  lesson: {
    id: string;
    title: string;
    summary: string;
    position: number;
    durationSeconds: number;
    isPreview: boolean;
    media: Media;
    complete: boolean;
    savedPosition: number;
  };
  lessons: {
    id: string;
    title: string;
    position: number;
    durationSeconds: number;
    isPreview: boolean;
    href: string;
    complete: boolean;
    percent: number;
    locked: boolean;
  }[];
  previous: { title: string; href: string } | null;
  next: { title: string; href: string; locked: boolean } | null;
  access: Access;
  allowed: boolean;
  signedIn: boolean;
  startAt: number;
  classPercent: number;
  cta: ProductCta;
  price: ShownPrice;
}

/** /watch/{slug}: the player, the lesson's controls and the class's lessons with the learner's marks. */
export function WatchPage(data: WatchPageData) {
  const { product, lesson, lessons, previous, next, allowed, signedIn, startAt, classPercent } = data;
  const here = lessons.find((l) => l.id === lesson.id)?.href ?? "";
  return (
    <div className="container watch-page">
      <div className="watch-page__main">
        <nav aria-label="Breadcrumb" className="breadcrumb">
          <ol>
            <li>
              <Link to="/library">Library</Link>
            </li>
            <li>
              <Link to={product.href}>{product.title}</Link>
            </li>
          </ol>
        </nav>
        {allowed ? (
          <LessonPlayer
            productId={product.id}
            lessonId={lesson.id}
            title={lesson.title}
            media={lesson.media}
            startAt={startAt}
            reports={signedIn}
            next={next}
          />
        ) : (
          <LockedLesson {...data} />
        )}
        <div className="watch-page__heading">
          <p className="watch-page__eyebrow">
            Lesson {lesson.position} of {lessons.length} · {durationText(lesson.durationSeconds)}
            {lesson.isPreview ? <Tag>Free preview</Tag> : null}
            {lesson.complete ? <Tag>Completed</Tag> : null}
          </p>
          <h1>{lesson.title}</h1>
          {lesson.summary ? <p className="watch-page__summary">{lesson.summary}</p> : null}
        </div>
        {allowed ? (
          <div className="watch-page__actions">
            {signedIn ? (
              lesson.complete ? (
                <p className="watch-page__done">
                  <Icon name="check" size={20} aria-hidden="true" /> You finished this lesson.
                </p>
              ) : (
                <MarkComplete />
              )
            ) : (
              <p className="muted">
                <Link to={authHref(here, "Login")}>Log in</Link> to save your progress.
              </p>
            )}
            {lesson.media.kind === "file" && lesson.savedPosition > 0 && !lesson.complete ? (
              <p className="watch-page__resume">
                <Link to={`${here}?t=${lesson.savedPosition}`} reloadDocument>
                  Resume at {clockText(lesson.savedPosition)}
                </Link>
                {startAt > 0 ? (
                  <>
                    {" "}
                    ·{" "}
                    <Link to={`${here}?t=0`} reloadDocument>
                      Start over
                    </Link>
                  </>
                ) : null}
              </p>
            ) : null}
          </div>
        ) : null}
        <nav className="watch-page__pager" aria-label="Lessons">
          {previous ? (
            <ButtonLink to={previous.href} variant="secondary" rel="prev">
              ← Previous: {previous.title}
            </ButtonLink>
          ) : (
            <span />
          )}
          {next ? (
            <ButtonLink to={next.href} rel="next">
              Next: {next.title} →
            </ButtonLink>
          ) : null}
        </nav>
      </div>

      <aside className="watch-page__aside" aria-labelledby="class-lessons-title">
        <h2 id="class-lessons-title" className="watch-page__class">
          <Link to={product.href}>{product.title}</Link>
        </h2>
        <p className="muted">with {product.creatorName}</p>
        {signedIn && allowed ? <ProgressBar value={classPercent} label="Class progress" showText /> : null}
        <ol className="watch-lessons">
          {lessons.map((l) => (
            <li
              key={l.id}
              className={`watch-lessons__item${l.id === lesson.id ? " watch-lessons__item--current" : ""}`}
            >
              <Link
                to={l.href}
                aria-current={l.id === lesson.id ? "page" : undefined}
                aria-label={`${l.title}${l.complete ? ", completed" : l.locked ? ", locked" : l.isPreview ? ", free preview" : ""}, ${durationText(l.durationSeconds)}`}
                className="watch-lessons__link"
              >
                <span
                  className={`watch-lessons__mark${l.complete ? " watch-lessons__mark--done" : ""}`}
                  aria-hidden="true"
                >
                  {l.complete ? <Icon name="check" size={16} /> : l.position}
                </span>
                <span className="watch-lessons__title">{l.title}</span>
                <span className="watch-lessons__duration">{l.locked ? "Locked" : durationText(l.durationSeconds)}</span>
              </Link>
            </li>
          ))}
        </ol>
      </aside>
    </div>
  );
}

function MarkComplete() {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "complete";
  return (
    <Form method="post" className="watch-page__complete">
      <input type="hidden" name="intent" value="complete" />
      <Button type="submit" variant="secondary" loading={busy}>
        Mark as complete
      </Button>
    </Form>
  );
}

function LockedLesson({ product, cta, price, signedIn, lessons, lesson, access }: WatchPageData) {
  const preview = lessons.find((l) => l.isPreview);
  const here = lessons.find((l) => l.id === lesson.id)?.href ?? product.href;
  return (
    <section className="player player--locked" aria-labelledby="locked-title">
      <img src={product.coverUrl} alt="" width={640} height={360} className="player__cover" />
      <div className="player__locked-body">
        <h2 id="locked-title">This lesson is part of {product.title}</h2>
        {access === "unknown" ? (
          // Whether they own it or are a member could not be read: no offer to buy it.
          <MembershipUnread retryHref={here} />
        ) : (
          <>
            <p>
              {signedIn
                ? "Buy the class, or become a member, to watch every lesson."
                : "Buy the class, or become a member, to watch every lesson. Already own it? Log in."}
            </p>
            <PriceTag price={price.price} crossedPrice={price.crossedPrice} />
            <BuyButtons cta={cta} title={product.title} price={price} />
          </>
        )}
        {preview ? (
          <p>
            <Link to={preview.href}>Watch the free preview</Link>
          </p>
        ) : null}
      </div>
    </section>
  );
}
