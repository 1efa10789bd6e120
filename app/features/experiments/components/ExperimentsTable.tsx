/**
 * The experiments' results: one table per experiment, a row per variant with its visitors, sign-ups,
 * purchases and conversion with its 95% confidence interval (Wilson). Plain HTML: the same with or
 * without JavaScript. Styles come from the analytics page (chart-table).
 */
import type { ExperimentResult } from "../report.server";

const STATUS = { running: "Running", scheduled: "Scheduled", stopped: "Stopped" } as const;

const count = (n: number) => n.toLocaleString("en-US");
const pct = (x: number) => `${(x * 100).toLocaleString("en-US", { maximumFractionDigits: 1 })}%`;

export function ExperimentsTable({ experiments, span }: { experiments: ExperimentResult[]; span: string }) {
  if (experiments.length === 0) return <p className="analytics__empty">No experiments are defined yet.</p>;
  return (
    <>
      {experiments.map((experiment) => {
        const caption = `${experiment.key} (${STATUS[experiment.status].toLowerCase()}), ${span}`;
        return (
          <div key={experiment.key} className="experiment-result">
            <h3>
              {experiment.key} <span className="experiment-result__status">{STATUS[experiment.status]}</span>
            </h3>
            {experiment.description ? <p className="analytics__note">{experiment.description}</p> : null}
            <div className="analytics__table-scroll" role="region" aria-label={caption} tabIndex={0}>
              <table className="chart-table chart-table--wide">
                <caption className="visually-hidden">{caption}</caption>
                <thead>
                  <tr>
                    <th scope="col">Variant</th>
                    <th scope="col">Visitors</th>
                    <th scope="col">Sign-ups</th>
                    <th scope="col">Purchases</th>
                    <th scope="col">Conversion</th>
                    <th scope="col">95% interval</th>
                  </tr>
                </thead>
                <tbody>
                  {experiment.variants.map((v, i) => (
                    <tr key={v.variant}>
                      <th scope="row">
                        {v.variant}
                        {i === 0 && v.weight !== null ? " (control)" : ""}
                        {v.weight === null ? " (removed)" : ""}
                      </th>
                      <td>{count(v.visitors)}</td>
                      <td>{count(v.signUps)}</td>
                      <td>{count(v.purchases)}</td>
                      <td>{v.conversion === null ? "—" : pct(v.conversion)}</td>
                      <td>{v.interval ? `${pct(v.interval.low)} – ${pct(v.interval.high)}` : "—"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        );
      })}
    </>
  );
}
