import { daysText } from "../rules";

/** The participant's streak: consecutive challenge days done, up to today. */
export function StreakBadge({ streak }: { streak: number }) {
  return (
    <p className="streak-badge">
      <span aria-hidden="true" className="streak-badge__mark">
        ★
      </span>{" "}
      Streak: <strong>{daysText(streak)}</strong>
    </p>
  );
}
