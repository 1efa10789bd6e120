import { Link } from "~/ui/router";
import type { BtsVideoSummary, FeedbackEntry } from "../admin.server";
import { averageText, ratingLabel } from "../rules";

const dateText = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Feedback rows as a list: the stars in words, the comment, who (or 'Visitor') and when. */
export function FeedbackEntries({ entries }: { entries: FeedbackEntry[] }) {
  return (
    <ul className="admin-bts__entries">
      {entries.map((e, i) => (
        <li key={`${e.updatedAt}-${i}`} className="admin-bts__entry">
          <p className="admin-bts__meta">
            <span className="admin-bts__stars" aria-hidden="true">
              {"★".repeat(e.rating)}
              {"☆".repeat(5 - e.rating)}
            </span>
            <span className="visually-hidden">{ratingLabel(e.rating)}</span> · {e.viewer ?? "Visitor"} ·{" "}
            {dateText(e.updatedAt)}
          </p>
          {e.comment ? <p className="admin-bts__comment">{e.comment}</p> : <p className="muted">No comment.</p>}
        </li>
      ))}
    </ul>
  );
}

/** /admin's section: each bts video with its feedback count, average rating and latest comments. */
export function BtsFeedbackSection({ videos }: { videos: BtsVideoSummary[] }) {
  return (
    <section aria-labelledby="admin-bts" className="admin__section">
      <h2 id="admin-bts">Behind-the-scenes feedback</h2>
      {videos.length === 0 ? (
        <p className="admin__empty">No behind-the-scenes videos yet.</p>
      ) : (
        <table className="admin__table">
          <caption className="visually-hidden">Feedback on each behind-the-scenes video</caption>
          <thead>
            <tr>
              <th scope="col">Video</th>
              <th scope="col">Feedback</th>
              <th scope="col">Average rating</th>
              <th scope="col">Latest comments</th>
            </tr>
          </thead>
          <tbody>
            {videos.map((v) => (
              <tr key={v.slug}>
                <td>
                  <Link to={v.href}>{v.title}</Link>
                </td>
                <td>{v.feedbackCount}</td>
                <td>{averageText(v.averageRating)}</td>
                <td>
                  {v.latestComments.length ? (
                    <ul className="admin-bts__latest">
                      {v.latestComments.map((c, i) => (
                        <li key={`${c.updatedAt}-${i}`}>
                          <span className="visually-hidden">{ratingLabel(c.rating)}: </span>“{c.comment}”
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <span className="muted">No comments yet.</span>
                  )}
                  {v.feedbackCount ? (
                    <p className="admin-bts__all">
                      <Link to={`/admin/bts/${encodeURIComponent(v.slug)}`}>
                        All feedback<span className="visually-hidden"> on {v.title}</span>
                      </Link>
                    </p>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
