import { Link } from "@remix-run/react";
import { authHref } from "~/features/identity/modal";
import { ButtonLink } from "~/ui/Button";
import type { LibraryEntry } from "../library.server";

const purchased = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

/** /library: owned classes, collections and the membership, newest first; a sign-in prompt or an empty state otherwise. */
export function LibraryPage({ signedIn, entries, isMember }: { signedIn: boolean; entries: LibraryEntry[]; isMember: boolean }) {
  if (!signedIn) {
    return (
      <div className="container cart-page">
        <h1>Your library</h1>
        <section className="cart-empty">
          <h2>Log in to see your classes</h2>
          <p className="muted">Everything you buy waits for you here, on every device.</p>
          <ButtonLink to={authHref("/library", "Login")} size="large">Log in</ButtonLink>
        </section>
      </div>
    );
  }
  return (
    <div className="container cart-page">
      <h1>Your library</h1>
      {isMember ? <p className="checkout-notice">Your membership is active: every class on the site is yours to watch.</p> : null}
      {entries.length === 0 ? (
        <section className="cart-empty" aria-labelledby="library-empty-title">
          <h2 id="library-empty-title">Nothing here yet</h2>
          <p className="muted">Classes you buy appear here, ready to watch.</p>
          <ButtonLink to="/classes" size="large">Explore Classes</ButtonLink>
        </section>
      ) : (
        <ul className="library-grid" aria-label="Owned">
          {entries.map((entry) => (
            <li key={entry.id} className="product-card">
              <img className="product-card__cover" src={entry.coverUrl} alt="" width={640} height={360} loading="lazy" />
              <div className="product-card__body">
                <p className="product-card__category">{entry.kind === "collection" ? "Collection" : entry.kind === "subscription" ? "Membership" : "Class"}</p>
                <h2 className="product-card__title">
                  <Link to={entry.href} className="product-card__link">
                    {entry.title}
                  </Link>
                </h2>
                <p className="product-card__creator">{entry.creatorName}</p>
                <p className="product-card__meta">Purchased {purchased.format(new Date(entry.purchasedAt))}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
