import { Link } from "~/ui/router";
import { clockText } from "~/platform/format";
import type { DashboardChallenge } from "../challenges.server";
import { StreakBadge } from "./StreakBadge";

/** /v2/dashboard: a card for each running challenge the learner joined, with today's lesson and the streak. */
export function ChallengeCards({ challenges }: { challenges: DashboardChallenge[] }) {
  if (challenges.length === 0) return null;
  return (
    <section className="library-section" aria-labelledby="challenges-title">
      <h2 id="challenges-title">Your challenges</h2>
      <ul className="challenge-cards">
        {challenges.map((c) => (
          <li key={c.slug} className="challenge-card">
            <img src={c.coverUrl} alt="" width={320} height={180} loading="lazy" decoding="async" />
            <div className="challenge-card__body">
              <h3>
                <Link to={`/challenges/${c.slug}`}>{c.title}</Link>
              </h3>
              <p className="muted">{`Day ${c.day} of ${c.days}`}</p>
              {c.today ? (
                <p>
                  Today's lesson:{" "}
                  <Link to={c.today.href} className="challenge-card__lesson">
                    {c.today.title}
                  </Link>{" "}
                  <span className="muted">
                    · {c.today.classTitle} · {clockText(c.today.durationSeconds)}
                    {c.today.done ? " · done" : ""}
                  </span>
                </p>
              ) : null}
              <StreakBadge streak={c.streak} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
