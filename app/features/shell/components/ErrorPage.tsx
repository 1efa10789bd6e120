import { ButtonLink } from "~/ui/Button";

/** What any unexpected failure shows: the spec's generic message and a way back. */
export function ErrorPage({ status }: { status: number }) {
  return (
    <section className="container status-page" aria-labelledby="status-title">
      <p className="status-page__code">{status}</p>
      <h1 id="status-title">An Error Occurred</h1>
      <p>Something went wrong on our side. Please try again in a moment.</p>
      <div className="status-page__actions">
        <ButtonLink variant="primary" to="/">
          Go to the home page
        </ButtonLink>
      </div>
    </section>
  );
}
