import { Link } from "@remix-run/react";
import type { ProductCardView } from "~/features/catalog/card";
import { ProductGrid } from "~/features/catalog/components/ProductCard";
import type { LibraryClass } from "~/features/learning/library.server";
import { ButtonLink } from "~/ui/Button";
import { ClassProgressCard } from "~/features/learning/components/ClassProgressCard";
import type { DashboardChallenge } from "~/features/challenges/challenges.server";
import { ChallengeCards } from "~/features/challenges/components/ChallengeCards";
import { MembershipUnread } from "~/features/subscriptions/components/MembershipUnread";

const dateText = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

export interface LearnerDashboardData {
  firstName: string;
  continueWatching: LibraryClass[];
  classCount: number;
  /** "unread": the membership could not be read (not the same as none). */
  membership:
    | {
        status: string;
        interval: "month" | "year";
        trialDaysRemaining: number;
        currentPeriodEnd: string;
        cancelAtPeriodEnd: boolean;
      }
    | "unread"
    | null;
  schedule: {
    hasActiveClass: boolean;
    hasAnyClass: boolean;
    active: { title: string; href: string; endsAt: string }[];
  };
  recommendations: ProductCardView[];
  /** The running challenges the learner joined. */
  challenges: DashboardChallenge[];
  now: number;
}

/** /v2/dashboard for learners: pick up where you left off, your membership, your schedule, what to take next. */
export function LearnerDashboard({
  firstName,
  continueWatching,
  classCount,
  membership,
  schedule,
  recommendations,
  challenges,
  now,
}: LearnerDashboardData) {
  return (
    <div className="container cart-page">
      <h1>Welcome back, {firstName}</h1>
      <ChallengeCards challenges={challenges} />
      <div className="dashboard-grid">
        <section className="library-section" aria-labelledby="continue-title">
          <h2 id="continue-title">Continue watching</h2>
          {continueWatching.length > 0 ? (
            <ul className="learning-grid" aria-label="Continue watching">
              {continueWatching.map((item) => (
                <ClassProgressCard key={item.id} item={item} now={now} />
              ))}
            </ul>
          ) : (
            <div className="dashboard-panel">
              <p>
                {classCount > 0
                  ? "You've finished every class you started. Pick a new one below."
                  : "Nothing started yet. Your classes and progress show up here."}
              </p>
              <ButtonLink to="/classes" variant="secondary">
                Explore Classes
              </ButtonLink>
            </div>
          )}
          {classCount > 0 ? (
            <p>
              <Link to="/library">All your classes ({classCount})</Link>
            </p>
          ) : null}
        </section>
        <div className="library-section">
          <section className="dashboard-panel" aria-labelledby="membership-title">
            <h2 id="membership-title">Membership</h2>
            <MembershipState membership={membership} />
          </section>
          <section className="dashboard-panel" aria-labelledby="schedule-title">
            <h2 id="schedule-title">Your schedule</h2>
            {schedule.hasActiveClass && schedule.active.length > 0 ? (
              <ul className="dashboard-schedule">
                {schedule.active.map((c) => (
                  <li key={c.href}>
                    <Link to={c.href}>{c.title}</Link>{" "}
                    <span className="muted">· suggested finish {dateText.format(new Date(c.endsAt))}</span>
                  </li>
                ))}
              </ul>
            ) : schedule.hasAnyClass ? (
              <p>Your classes are past their suggested finish dates. Keep going at your own pace.</p>
            ) : (
              <p>When you buy a class we suggest a pace of a lesson a week and show it here.</p>
            )}
          </section>
        </div>
      </div>
      {recommendations.length > 0 ? (
        <section className="library-section" aria-labelledby="recommended-title">
          <h2 id="recommended-title">Recommended for you</h2>
          <ProductGrid products={recommendations} label="Recommended for you" />
        </section>
      ) : null}
    </div>
  );
}

function MembershipState({ membership }: { membership: LearnerDashboardData["membership"] }) {
  if (membership === "unread") return <MembershipUnread retryHref="/v2/dashboard" />;
  if (!membership) {
    return (
      <>
        <p>Every class on Studio, for one price.</p>
        <ButtonLink to="/classes/studio/membership" variant="secondary">
          See the membership
        </ButtonLink>
      </>
    );
  }
  const ends = dateText.format(new Date(membership.currentPeriodEnd));
  const text =
    membership.status === "trialing"
      ? `Free trial: ${membership.trialDaysRemaining} ${membership.trialDaysRemaining === 1 ? "day" : "days"} left.`
      : membership.status === "past_due"
        ? "Your last payment didn't go through. Update your card to keep watching."
        : membership.cancelAtPeriodEnd
          ? `Active until ${ends}; it won't renew.`
          : `Active: renews ${ends} (${membership.interval === "year" ? "annual" : "monthly"}).`;
  return (
    <>
      <p>{text}</p>
      <ButtonLink to="/account/membership" variant="secondary">
        Manage membership
      </ButtonLink>
    </>
  );
}
