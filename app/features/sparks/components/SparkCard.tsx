import { useEffect, useRef, useState } from "react";
import { durationText } from "~/platform/format";
import { Button } from "~/ui/Button";
import { Link, useFetcher } from "~/ui/router";
import { Tag } from "~/ui/Tag";
import { sparkAnchor } from "../rules";
import type { Spark } from "../sparks.server";

/**
 * One spark: the preview's clip (controls and captions; with JavaScript it plays muted while it is
 * on screen), its class and creator with a link to the class page, and Save / Saved. Save is a form
 * post (a fetcher with JavaScript, so the feed stays where it is).
 */
export function SparkCard({ spark, page, autoplay }: { spark: Spark; page: string; autoplay: boolean }) {
  const video = useRef<HTMLVideoElement>(null);
  const fetcher = useFetcher<{ saved: boolean }>();
  // With JavaScript the post answers JSON (no navigation): the feed keeps its place and its pages.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // While a save or unsave is in flight, show what it will be; then what the server answered.
  const pending = fetcher.formData?.get("intent");
  const saved = pending === "save" ? true : pending === "unsave" ? false : (fetcher.data?.saved ?? spark.saved);

  useEffect(() => {
    const el = video.current;
    if (!el || !autoplay || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry.isIntersecting && entry.intersectionRatio >= 0.6) {
          el.muted = true;
          void el.play().catch(() => undefined);
        } else if (!el.paused) el.pause();
      },
      { threshold: [0, 0.6, 1] },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [autoplay]);

  const titleId = `${sparkAnchor(spark.id)}-title`;
  return (
    <article className="spark" id={sparkAnchor(spark.id)} aria-labelledby={titleId}>
      <div className="spark__player">
        {spark.media.kind === "file" ? (
          <video
            ref={video}
            className="spark__video"
            controls
            muted
            playsInline
            loop
            // A feed holds many clips: none is fetched until it plays (on screen with JavaScript, or
            // pressed); the poster and the duration in words stand in until then.
            preload="none"
            poster={spark.class.coverUrl}
            aria-label={`Preview: ${spark.title}`}
          >
            {spark.media.sources.map((s) => (
              <source key={s.src} src={s.src} type={s.type} />
            ))}
            {spark.media.captions ? (
              <track kind="captions" src={spark.media.captions} srcLang="en" label="English" default />
            ) : null}
          </video>
        ) : (
          <Link to={spark.href} className="spark__poster">
            <img src={spark.class.coverUrl} alt="" width={640} height={360} loading="lazy" />
            <span className="visually-hidden">Watch {spark.title}</span>
          </Link>
        )}
      </div>
      <div className="spark__info">
        <h2 className="spark__title" id={titleId}>
          <Link to={spark.href}>{spark.title}</Link>
        </h2>
        <p className="spark__class">
          From <Link to={spark.class.href}>{spark.class.title}</Link> with {spark.class.creatorName}
          {spark.class.comingSoon ? (
            <>
              {" "}
              <Tag>Coming soon</Tag>
            </>
          ) : null}
        </p>
        <p className="spark__meta muted">
          Free preview · {durationText(spark.durationSeconds)}
          {spark.summary ? ` · ${spark.summary}` : ""}
        </p>
        <fetcher.Form method="post" action="/v2/sparks" className="spark__save">
          <input type="hidden" name="lessonId" value={spark.id} />
          <input type="hidden" name="page" value={`${page}#${sparkAnchor(spark.id)}`} />
          <input type="hidden" name="intent" value={saved ? "unsave" : "save"} />
          {hydrated ? <input type="hidden" name="answer" value="json" /> : null}
          {saved ? (
            <>
              <span className="spark__saved" role="status">
                Saved to your library
              </span>
              <Button type="submit" variant="transparent" size="small" aria-label={`Unsave ${spark.title}`}>
                Unsave
              </Button>
            </>
          ) : (
            <Button type="submit" variant="secondary" size="small" aria-label={`Save ${spark.title}`}>
              Save
            </Button>
          )}
        </fetcher.Form>
      </div>
    </article>
  );
}
