import type { SubmissionResult } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { useRef } from "react";
import { BtsVideoCard } from "~/features/bts/components/BtsVideoCard";
import { DoneWatching } from "~/features/bts/components/DoneWatching";
import { FeedbackForm } from "~/features/bts/components/FeedbackForm";
import { useWatchedSeconds } from "~/features/bts/components/useWatchedSeconds";
import { authHref } from "~/features/identity/modal";
import { LessonPlayer } from "~/features/learning/components/LessonPlayer";
import { clockText } from "~/platform/format";
import { ButtonLink } from "~/ui/Button";
import { Modal } from "~/ui/Modal";
import type { loadBtsPage } from "./bts-page.server";

type PageData = Awaited<ReturnType<typeof loadBtsPage>>;

/**
 * /bts/{slug}: the video (the lesson player, with captions), what it is and the class it is about,
 * Get started / Log in for visitors, the viewer's feedback, 'Done watching', and the other videos.
 */
export function BtsPage({
  video,
  product,
  others,
  saved,
  signedIn,
  feedbackSent,
  lastResult,
}: PageData & { lastResult?: SubmissionResult<string[]> | null }) {
  const player = useRef<HTMLDivElement>(null);
  const { take } = useWatchedSeconds(player, video.endHref);
  return (
    <div className="container watch-page">
      <div className="watch-page__main">
        <nav aria-label="Breadcrumb" className="breadcrumb">
          <ol>
            <li>
              <Link to="/bts">Behind the scenes</Link>
            </li>
            {product ? (
              <li>
                <Link to={product.href}>{product.title}</Link>
              </li>
            ) : null}
          </ol>
        </nav>
        <div ref={player}>
          <LessonPlayer
            productId={product?.id ?? ""}
            lessonId={video.id}
            title={video.title}
            media={video.media}
            startAt={0}
            reports={false}
            next={null}
            poster={video.posterUrl}
          />
        </div>
        <div className="bts-page__heading">
          <p className="bts-page__eyebrow">Behind the scenes · {clockText(video.durationSeconds)}</p>
          <h1>{video.title}</h1>
          <p className="bts-page__description">{video.description}</p>
        </div>
        <DoneWatching endHref={video.endHref} take={take} />

        {product ? (
          <section className="bts-class" aria-labelledby="bts-class-title">
            <img src={product.coverUrl} alt="" width={320} height={180} className="bts-class__cover" />
            <div className="bts-class__body">
              <p className="bts-class__eyebrow">The class this video is about</p>
              <h2 id="bts-class-title" className="bts-class__title">
                <Link to={product.href}>{product.title}</Link>
              </h2>
            </div>
          </section>
        ) : null}

        {signedIn ? null : (
          <section className="bts-join" aria-labelledby="bts-join-title">
            <h2 id="bts-join-title">Learn from the artists you just watched</h2>
            <p>Make a free account to save your progress, or log in to pick up where you left off.</p>
            <div className="bts-join__actions">
              <ButtonLink to={authHref(video.href, "Email")} preventScrollReset>
                Get started
              </ButtonLink>
              <ButtonLink to={authHref(video.href, "Login")} variant="secondary" preventScrollReset>
                Log in
              </ButtonLink>
            </div>
          </section>
        )}

        <section className="bts-feedback" aria-labelledby="bts-feedback-title" id="feedback">
          <h2 id="bts-feedback-title">{saved ? "Your feedback" : "What did you think?"}</h2>
          <p className="muted">
            {saved
              ? "Thanks for rating this video. Change your answer any time."
              : "Rate this video and tell us what you'd like to see next. Your answer goes to our team."}
          </p>
          <FeedbackForm saved={saved} lastResult={lastResult} />
        </section>
      </div>

      <aside className="watch-page__aside bts-page__aside" aria-labelledby="bts-more-title">
        <h2 id="bts-more-title" className="bts-page__more">
          More behind the scenes
        </h2>
        {others.length ? (
          <ul className="bts-list bts-list--compact">
            {others.map((v) => (
              <li key={v.slug}>
                <BtsVideoCard video={v} compact />
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">This is the only one so far. More are on the way.</p>
        )}
        <p>
          <Link to="/bts">All behind-the-scenes videos</Link>
        </p>
      </aside>

      <Modal open={feedbackSent} closeHref={video.href} title="Thanks for your feedback" slideUp>
        <div className="bts-thanks">
          <p>We read every answer: it helps us decide what to film next.</p>
          <div className="bts-thanks__actions">
            <ButtonLink to={video.href} preventScrollReset>
              Back to the video
            </ButtonLink>
            <ButtonLink to="/bts" variant="secondary">
              More behind the scenes
            </ButtonLink>
          </div>
        </div>
      </Modal>
    </div>
  );
}
