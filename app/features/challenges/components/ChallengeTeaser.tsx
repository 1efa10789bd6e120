import { Link } from "~/ui/router";
import { datesLine } from "../rules";

export interface ChallengeTeaserData {
  slug: string;
  title: string;
  tagline: string;
  coverUrl: string;
  startsAt: number;
  days: number;
}

/** A small card that leads to a running (or coming) challenge: the home page shows one. */
export function ChallengeTeaser({ challenge, now }: { challenge: ChallengeTeaserData; now: number }) {
  return (
    <section className="container" aria-labelledby="challenge-teaser-title">
      <div className="challenge-teaser">
        <img src={challenge.coverUrl} alt="" width={320} height={180} loading="lazy" decoding="async" />
        <div>
          <p className="eyebrow">Challenge · {datesLine(challenge, now)}</p>
          <h2 id="challenge-teaser-title">
            <Link to={`/challenges/${challenge.slug}`}>{challenge.title}</Link>
          </h2>
          <p>{challenge.tagline}</p>
        </div>
      </div>
    </section>
  );
}
