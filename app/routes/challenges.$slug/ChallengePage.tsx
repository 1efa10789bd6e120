import { Form, Link } from "@remix-run/react";
import type { ChallengeDayView, ChallengeView } from "~/features/challenges/challenges.server";
import { StreakBadge } from "~/features/challenges/components/StreakBadge";
import { datesLine, joinedText, type DayStatus } from "~/features/challenges/rules";
import { clockText, longDateText } from "~/platform/format";
import { Button, ButtonLink } from "~/ui/Button";

const STATUS_TEXT: Record<DayStatus, string | null> = {
  done: "Done",
  missed: "Missed",
  past: null,
  today: "Today",
  upcoming: null,
};

/** /challenges/{slug}: the challenge, its dates and how many joined, Get started or Join, and the day-by-day lessons. */
export function ChallengePage({
  challenge,
  descriptionHtml,
  signedIn,
  now,
}: {
  challenge: ChallengeView;
  descriptionHtml: string;
  signedIn: boolean;
  now: number;
}) {
  return (
    <div className="challenge-page">
      <section className="class-hero" aria-labelledby="challenge-title">
        <div className="container class-hero__inner">
          <img className="class-hero__cover" src={challenge.coverUrl} alt="" width={640} height={360} />
          <div className="class-hero__info">
            <p className="eyebrow">Challenge · {challenge.days} days, one lesson a day</p>
            <h1 id="challenge-title">{challenge.title}</h1>
            <p className="class-hero__tagline">{challenge.tagline}</p>
            <p className="class-hero__stats">
              <span>{datesLine(challenge, now)}</span>
              <span>{joinedText(challenge.joinedCount)}</span>
            </p>
            <JoinPanel challenge={challenge} signedIn={signedIn} />
          </div>
        </div>
      </section>
      <div className="container challenge-body">
        <section aria-labelledby="challenge-about" className="collection-body__about">
          <h2 id="challenge-about">About this challenge</h2>
          <div className="prose" dangerouslySetInnerHTML={{ __html: descriptionHtml }} />
        </section>
        <section aria-labelledby="challenge-days">
          <h2 id="challenge-days">Day by day</h2>
          {challenge.list.length === 0 ? (
            <p className="muted">The lessons of this challenge are being chosen. Check back soon.</p>
          ) : (
            <ol className="challenge-days">
              {challenge.list.map((day) => (
                <DayRow key={day.day} day={day} />
              ))}
            </ol>
          )}
        </section>
      </div>
    </div>
  );
}

function JoinPanel({ challenge, signedIn }: { challenge: ChallengeView; signedIn: boolean }) {
  if (challenge.enrolled) {
    return (
      <div className="challenge-joined" role="status">
        <p className="challenge-joined__title">You're in</p>
        {challenge.today ? (
          <>
            <p>
              Day {challenge.today.day}: {challenge.today.lesson.title}
              {challenge.today.status === "done" ? " (done for today)" : ""}
            </p>
            <div className="challenge-joined__actions">
              <ButtonLink to={challenge.today.lesson.href}>Watch today's lesson</ButtonLink>
              <StreakBadge streak={challenge.streak} />
            </div>
          </>
        ) : challenge.at.state === "upcoming" ? (
          <p>Your first lesson opens on {longDateText(challenge.startsAt)}. We'll see you there.</p>
        ) : (
          <p>This challenge is over. Your streak at the end: {challenge.streak}.</p>
        )}
      </div>
    );
  }
  if (challenge.at.state === "ended")
    return (
      <p className="challenge-ended">
        This challenge has ended, so it can't be joined any more. Its lessons are still free to watch below.
      </p>
    );
  return (
    <Form method="post" className="challenge-join">
      <input type="hidden" name="intent" value="join" />
      <Button type="submit" size="large">
        {signedIn ? "Join the challenge" : "Get started"}
      </Button>
      <p className="muted">Free. Every lesson of the challenge is a free preview.</p>
    </Form>
  );
}

function DayRow({ day }: { day: ChallengeDayView }) {
  const status = STATUS_TEXT[day.status];
  return (
    <li
      className={`challenge-day challenge-day--${day.status}${day.isToday ? " challenge-day--current" : ""}`}
      aria-current={day.isToday ? "date" : undefined}
    >
      <span className="challenge-day__number">Day {day.day}</span>
      <span className="challenge-day__lesson">
        <Link to={day.lesson.href}>{day.lesson.title}</Link>
        <span className="muted">
          {" "}
          · <Link to={day.class.href}>{day.class.title}</Link> · {clockText(day.lesson.durationSeconds)}
        </span>
      </span>
      {status ? <span className={`challenge-day__status challenge-day__status--${day.status}`}>{status}</span> : null}
    </li>
  );
}
