import { Link } from "@remix-run/react";
import { SparksFeed } from "~/features/sparks/components/SparksFeed";
import type { SparksPage as FeedPage } from "~/features/sparks/sparks.server";

/** /v2/sparks: free previews from across the catalogue, one after another. */
export function SparksPage({
  sparks,
  nextCursor,
  cursor,
  signedIn,
  page,
}: FeedPage & { cursor: string | null; signedIn: boolean; page: string }) {
  return (
    <div className="container sparks-page">
      <header className="sparks-page__head">
        <h1>Sparks</h1>
        <p className="muted">
          Short free previews from classes across the catalogue. Save the ones you like to{" "}
          {signedIn ? <Link to="/library">your library</Link> : "your library"}.
        </p>
        {cursor ? (
          <p>
            <Link to="/v2/sparks">Back to the first spark</Link>
          </p>
        ) : null}
      </header>
      <SparksFeed initial={{ sparks, nextCursor }} page={page} />
    </div>
  );
}
