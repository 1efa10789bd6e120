/**
 * The funnel as a labelled bar list: five steps read best as words and numbers, so the bars are
 * plain HTML widths (the same with or without JavaScript, and no separate table is needed).
 * Reusable: pass any steps from rules.funnel().
 */
import type { FunnelStep } from "../rules";
import { formatValue } from "./chart-format";

const pct = (value: number | null) =>
  value === null ? "—" : `${value.toLocaleString("en-US", { maximumFractionDigits: 1 })}%`;

export function FunnelChart({ steps, id = "funnel" }: { steps: FunnelStep[]; id?: string }) {
  const widest = Math.max(1, ...steps.map((s) => s.people));
  const first = steps[0];
  const last = steps[steps.length - 1];
  const entries = steps.filter((s) => s.entered > 0);
  return (
    <div className="funnel">
      <p id={`${id}-summary`} className="chart-card__summary">
        {first && first.people > 0
          ? `${formatValue(first.people, "count")} people saw ${first.label.toLowerCase()}; ${formatValue(last.people, "count")} of them went on to make a ${last.label.toLowerCase()} (${pct(last.fromFirst)}). A person counts at a step only when they did it after the step before, within the range, and once per step.`
          : "Nobody reached the first step in this range."}
      </p>
      <ol className="funnel__steps" aria-describedby={`${id}-summary`}>
        {steps.map((step, i) => (
          <li key={step.key} className="funnel__step">
            <span className="funnel__label">
              <span className="funnel__index" aria-hidden="true">
                {i + 1}
              </span>
              {step.label}
            </span>
            <span className="funnel__track" aria-hidden="true">
              <span className="funnel__bar" style={{ width: `${(step.people / widest) * 100}%` }} />
            </span>
            <span className="funnel__people">
              {formatValue(step.people, "count")}{" "}
              <span className="funnel__unit">{step.people === 1 ? "person" : "people"}</span>
            </span>
            <span className="funnel__rate">{i === 0 ? "" : `${pct(step.fromPrevious)} of the step before`}</span>
          </li>
        ))}
      </ol>
      {entries.length > 0 ? (
        <p className="funnel__entries" id={`${id}-entries`}>
          <span className="funnel__entries-title">Where people start:</span>{" "}
          {entries.map((s) => `${s.label} ${formatValue(s.entered, "count")}`).join(", ")}
          {". "}
          <span className="funnel__unit">
            each person's first step in the range. The steps above begin at Home, so people who came in later are
            counted only here.
          </span>
        </p>
      ) : null}
    </div>
  );
}
