import { Link } from "~/ui/router";
import type { LibraryClass } from "~/features/learning/library.server";
import { relativeTime } from "~/platform/format";
import { ButtonLink } from "~/ui/Button";
import { ProgressBar } from "~/ui/ProgressBar";

const dateText = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

/** A class the learner can watch: cover, progress and 'Continue' to the next unfinished lesson. */
export function ClassProgressCard({ item, now }: { item: LibraryClass; now: number }) {
  const finished = item.percent >= 100;
  return (
    <li className="learning-card">
      <img className="learning-card__cover" src={item.coverUrl} alt="" width={640} height={360} loading="lazy" />
      <div className="learning-card__body">
        <h3 className="learning-card__title">
          <Link to={item.href}>{item.title}</Link>
        </h3>
        <p className="learning-card__meta">{item.creatorName}</p>
        <ProgressBar value={item.percent} label={`${item.title} progress`} showText />
        <p className="learning-card__meta">
          {item.lastWatchedAt
            ? `Watched ${relativeTime(Date.parse(item.lastWatchedAt), now)}`
            : item.purchasedAt
              ? `Purchased ${dateText.format(new Date(item.purchasedAt))}`
              : "Included in your membership"}
        </p>
        {item.continueHref ? (
          <div className="learning-card__actions">
            <ButtonLink
              to={item.continueHref}
              size="small"
              aria-label={`${finished ? "Watch again" : item.started ? "Continue" : "Start"}: ${item.title}, ${item.continueTitle}`}
            >
              {finished ? "Watch again" : item.started ? "Continue" : "Start"}
            </ButtonLink>
          </div>
        ) : null}
      </div>
    </li>
  );
}
