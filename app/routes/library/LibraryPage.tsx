import { Link } from "@remix-run/react";
import { authHref } from "~/features/identity/modal";
import { ClassProgressCard } from "~/features/learning/components/ClassProgressCard";
import { MembershipUnread } from "~/features/subscriptions/components/MembershipUnread";
import { ButtonLink } from "~/ui/Button";
import type { LibraryClass, LibraryCollection } from "~/features/learning/library.server";
import type { Spark } from "~/features/sparks/sparks.server";
import { durationText } from "~/platform/format";

const purchased = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

export interface LibraryPageData {
  signedIn: boolean;
  classes: LibraryClass[];
  collections: LibraryCollection[];
  /** Free previews saved from Sparks, last saved first. */
  saved: Spark[];
  /** null: the membership could not be read. */
  isMember: boolean | null;
  now: number;
}

/** /library: the classes to watch (last watched first, with progress and 'Continue'), then collections; a sign-in prompt or an empty state otherwise. */
export function LibraryPage({ signedIn, classes, collections, saved, isMember, now }: LibraryPageData) {
  if (!signedIn) {
    return (
      <div className="container cart-page">
        <h1>Your library</h1>
        <section className="cart-empty">
          <h2>Log in to see your classes</h2>
          <p className="muted">Everything you buy waits for you here, on every device.</p>
          <ButtonLink to={authHref("/library", "Login")} size="large">
            Log in
          </ButtonLink>
        </section>
      </div>
    );
  }
  const empty = classes.length === 0 && collections.length === 0 && saved.length === 0;
  return (
    <div className="container cart-page">
      <h1>Your library</h1>
      {isMember ? (
        <p className="checkout-notice">
          Your membership is active: every class on the site is yours to watch.{" "}
          <Link to="/classes">Find your next class</Link>.
        </p>
      ) : null}
      {isMember === null ? <MembershipUnread retryHref="/library" /> : null}
      {empty && isMember !== null ? (
        <section className="cart-empty" aria-labelledby="library-empty-title">
          <h2 id="library-empty-title">{isMember ? "Start your first class" : "Nothing here yet"}</h2>
          <p className="muted">
            {isMember
              ? "Classes you start watching appear here, with your progress."
              : "Classes you buy appear here, ready to watch."}
          </p>
          <ButtonLink to="/classes" size="large">
            Explore Classes
          </ButtonLink>
          <p className="muted">
            Or watch free previews in <Link to="/v2/sparks">Sparks</Link> and save the ones you like.
          </p>
        </section>
      ) : null}
      {classes.length > 0 ? (
        <section className="library-section" aria-labelledby="library-classes-title">
          <h2 id="library-classes-title">Classes</h2>
          <ul className="learning-grid" aria-label="Owned classes">
            {classes.map((item) => (
              <ClassProgressCard key={item.id} item={item} now={now} />
            ))}
          </ul>
        </section>
      ) : null}
      {collections.length > 0 ? (
        <section className="library-section" aria-labelledby="library-collections-title">
          <h2 id="library-collections-title">Collections</h2>
          <ul className="learning-grid" aria-label="Owned collections">
            {collections.map((c) => (
              <li key={c.id} className="learning-card">
                <img className="learning-card__cover" src={c.coverUrl} alt="" width={640} height={360} loading="lazy" />
                <div className="learning-card__body">
                  <h3 className="learning-card__title">
                    <Link to={c.href}>{c.title}</Link>
                  </h3>
                  <p className="learning-card__meta">
                    Purchased {purchased.format(new Date(c.purchasedAt))}. Its classes are listed above.
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {saved.length > 0 ? (
        <section className="library-section" aria-labelledby="library-saved-title">
          <h2 id="library-saved-title">Saved</h2>
          <p className="muted">
            Free previews you saved from <Link to="/v2/sparks">Sparks</Link>.
          </p>
          <ul className="learning-grid" aria-label="Saved previews">
            {saved.map((s) => (
              <li key={s.id} className="learning-card">
                <img
                  className="learning-card__cover"
                  src={s.class.coverUrl}
                  alt=""
                  width={640}
                  height={360}
                  loading="lazy"
                />
                <div className="learning-card__body">
                  <h3 className="learning-card__title">
                    <Link to={s.href}>{s.title}</Link>
                  </h3>
                  <p className="learning-card__meta">
                    Free preview · {durationText(s.durationSeconds)} · from{" "}
                    <Link to={s.class.href}>{s.class.title}</Link>
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
