import { useEffect, useRef, useState } from "react";
import { ButtonLink } from "~/ui/Button";
import { useFetcher } from "~/ui/router";
import { sparksHref } from "../rules";
import type { Spark, SparksPage } from "../sparks.server";
import { SparkCard } from "./SparkCard";

/**
 * The sparks feed. Without JavaScript: a page of sparks and a 'More sparks' link to the next page
 * (?cursor=). With it: a vertical scroll-snap feed, each clip playing muted while on screen, the next
 * page loaded as the reader reaches the end.
 */
export function SparksFeed({ initial, page }: { initial: SparksPage; page: string }) {
  const [sparks, setSparks] = useState<Spark[]>(initial.sparks);
  const [nextCursor, setNextCursor] = useState(initial.nextCursor);
  const [hydrated, setHydrated] = useState(false);
  const more = useFetcher<SparksPage>();
  const sentinel = useRef<HTMLDivElement>(null);
  const asked = useRef<string | null>(null);

  useEffect(() => setHydrated(true), []);
  // A navigation to another page of the feed starts over from it. Keyed on the loader's own values,
  // not on `initial` (a new object at every render of the page): keyed on that, each re-render reset
  // the feed to its first page and the reader's scroll loaded the pages again, round and round.
  const { sparks: firstSparks, nextCursor: firstCursor } = initial;
  useEffect(() => {
    setSparks(firstSparks);
    setNextCursor(firstCursor);
    asked.current = null;
  }, [firstSparks, firstCursor]);
  // A loaded page joins the feed once (its sparks not already shown).
  useEffect(() => {
    const data = more.data;
    if (!data || more.state !== "idle") return;
    setSparks((shown) => {
      const ids = new Set(shown.map((s) => s.id));
      return [...shown, ...data.sparks.filter((s) => !ids.has(s.id))];
    });
    setNextCursor(data.nextCursor);
  }, [more.data, more.state]);

  const { load } = more;
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !nextCursor || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry.isIntersecting && asked.current !== nextCursor) {
          asked.current = nextCursor;
          load(sparksHref(nextCursor));
        }
      },
      { rootMargin: "0px 0px 400px 0px" },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [nextCursor, load]);

  if (sparks.length === 0) {
    return (
      <section className="cart-empty" aria-labelledby="sparks-empty">
        <h2 id="sparks-empty">No sparks here</h2>
        <p className="muted">You've reached the end of the free previews.</p>
        <ButtonLink to="/v2/sparks">Back to the first spark</ButtonLink>
      </section>
    );
  }
  return (
    <div
      className={hydrated ? "sparks-feed sparks-feed--snap" : "sparks-feed"}
      // The snapping feed scrolls on its own: it takes focus so arrow keys and Page Down scroll it.
      tabIndex={hydrated ? 0 : undefined}
      role="region"
      aria-label="Sparks feed"
    >
      <ul className="sparks-list" aria-label="Sparks">
        {sparks.map((spark) => (
          <li key={spark.id} className="sparks-list__item">
            <SparkCard spark={spark} page={page} autoplay={hydrated} />
          </li>
        ))}
      </ul>
      <div ref={sentinel} className="sparks-feed__end">
        {nextCursor ? (
          <ButtonLink to={sparksHref(nextCursor)} variant="secondary">
            {more.state === "loading" ? "Loading more sparks…" : "More sparks"}
          </ButtonLink>
        ) : (
          <p className="muted">That's every free preview for now. Find a class you liked and keep going.</p>
        )}
      </div>
    </div>
  );
}
