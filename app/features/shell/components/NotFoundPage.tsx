import { ButtonLink } from "~/ui/Button";

/** The not-found page: /404 and every unknown route or slug. */
export function NotFoundPage() {
  return (
    <section className="container status-page" aria-labelledby="status-title">
      <p className="status-page__code">404</p>
      <h1 id="status-title">We couldn't find that page</h1>
      <p>The link may be old, or the class may have moved. Try browsing the catalogue or searching for it.</p>
      <div className="status-page__actions">
        <ButtonLink variant="primary" to="/classes">
          Explore classes
        </ButtonLink>
        <ButtonLink variant="secondary" to="/">
          Go to the home page
        </ButtonLink>
      </div>
    </section>
  );
}
