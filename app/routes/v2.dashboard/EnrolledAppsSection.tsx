import { Link } from "@remix-run/react";
import type { EnrolledApp } from "~/features/apps/enrolled.server";
import { Tag } from "~/ui/Tag";

const STATUS_TEXT: Record<EnrolledApp["planStatus"], string> = {
  "plan ready": "Your plan is ready",
  "plan pending": "Your plan is being made",
  "plan failed": "Your plan couldn't be made: open the app to try again",
  "no plan": "No plan yet",
};

/**
 * The learner's side of the dashboard's apps: 'Apps you use', the creators' apps they have a plan in
 * or bought (a creator's own apps are the separate 'Your apps' above). Nothing shows without any.
 */
export function EnrolledAppsSection({ apps }: { apps: EnrolledApp[] }) {
  if (apps.length === 0) return null;
  return (
    <section className="container library-section enrolled-apps" aria-labelledby="enrolled-apps-title">
      <h2 id="enrolled-apps-title">Apps you use</h2>
      <ul className="learning-grid" aria-label="Apps you use">
        {apps.map((a) => (
          <li key={a.appId} className="learning-card">
            {a.coverImageUrl ? (
              <img
                className="learning-card__cover"
                src={a.coverImageUrl}
                alt=""
                width={640}
                height={360}
                loading="lazy"
              />
            ) : (
              <div className="learning-card__cover" style={{ background: a.primaryColor }} aria-hidden="true" />
            )}
            <div className="learning-card__body">
              <h3 className="learning-card__title">
                <Link to={a.href}>{a.name}</Link>
              </h3>
              <p className="learning-card__meta">{a.headline}</p>
              <p className="learning-card__meta">
                {STATUS_TEXT[a.planStatus]}
                {a.hasPaidPlan ? (
                  <>
                    {" "}
                    <Tag>Paid plan</Tag>
                  </>
                ) : null}
              </p>
              {a.planStatus === "plan ready" ? (
                <p className="learning-card__meta">
                  <Link to={a.landingUrl}>About this app</Link>
                </p>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
