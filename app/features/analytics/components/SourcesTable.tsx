/** Top attribution sources: visits, sign-ups, purchases and revenue per source, busiest first. Reusable. */
import type { SourceRow } from "../rules";
import { formatValue } from "./chart-format";

export function SourcesTable({ rows, caption }: { rows: SourceRow[]; caption: string }) {
  if (rows.length === 0) return <p className="analytics__empty">No visits, sign-ups or purchases in this range.</p>;
  const widest = Math.max(1, ...rows.map((r) => r.pageViews));
  return (
    // Scrolls sideways on a phone; focusable so a keyboard can scroll it too.
    <div className="analytics__table-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table className="chart-table chart-table--wide">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Source</th>
            <th scope="col">Page views</th>
            <th scope="col">Sign-ups</th>
            <th scope="col">Purchases</th>
            <th scope="col">Revenue</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.source}>
              <th scope="row" className="sources__name">
                {row.source}
              </th>
              <td>
                <span className="sources__views">
                  <span
                    className="sources__bar"
                    aria-hidden="true"
                    style={{ width: `${(row.pageViews / widest) * 100}%` }}
                  />
                  {formatValue(row.pageViews, "count")}
                </span>
              </td>
              <td>{formatValue(row.signUps, "count")}</td>
              <td>{formatValue(row.purchases, "count")}</td>
              <td>{formatValue(row.revenueCents, "usd")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
