/** Clamps anything (NaN, negatives, >100) into 0..100 so the bar and its ARIA values never lie. */
export function clampProgress(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, value));
}

/**
 * The spec's colour rule: green when complete, the accent yellow otherwise.
 * Returns the token name so the rule is testable without a browser.
 */
export function progressColor(value: number): "--color-success" | "--color-accent" {
  return clampProgress(value) >= 100 ? "--color-success" : "--color-accent";
}

export type ProgressBarProps = {
  /** 0..100. */
  value: number;
  /** The accessible name, e.g. "Course progress". */
  label: string;
  /** Shows "35%" next to the bar. */
  showText?: boolean;
  className?: string;
  /** A CSS colour for the fill instead of the site's rule, e.g. a creator app's own `var(--app-primary)`. */
  color?: string;
};

export function ProgressBar({ value, label, showText = false, className, color }: ProgressBarProps) {
  const percent = Math.round(clampProgress(value));
  return (
    <div className={["progress", className].filter(Boolean).join(" ")}>
      <div
        className="progress__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
      >
        <div
          className="progress__fill"
          style={{ width: `${percent}%`, background: color ?? `var(${progressColor(percent)})` }}
        />
      </div>
      {showText ? (
        // The bar already exposes the value; the visible text is for sighted readers only.
        <span className="progress__text" aria-hidden="true">
          {percent}%
        </span>
      ) : null}
    </div>
  );
}
