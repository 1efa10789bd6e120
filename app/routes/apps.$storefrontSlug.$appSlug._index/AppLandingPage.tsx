import { Link } from "@remix-run/react";
import { Fragment, type CSSProperties, type ReactNode } from "react";
import type { LandingPage } from "~/db/app-content";
import { orderOf, type MovableSection } from "~/features/builder/landing/edits";
import { formatCents, longDateText } from "~/platform/format";
import { PlanPicker } from "~/features/apps/components/PlanPicker";
import type { LandingPageData } from "./landing.server";

/** The public landing page of an app, in the app's theme (CSS custom properties from themeVars). */
export function AppLandingPage(d: LandingPageData) {
  const page = d.landingPage;
  const active = d.plans?.activePlan ?? null;
  const sections: Record<MovableSection, ReactNode> = {
    benefits:
      page.benefits.length > 0 ? (
        <section className="app-section" aria-labelledby="app-benefits">
          <div className="app-landing__inner">
            <h2 id="app-benefits">Why {d.appName}</h2>
            <SectionImage url={page.images?.benefits} />
            <ul className="app-cards">
              {page.benefits.map((b, i) => (
                <li key={i} className="app-card">
                  <h3>{b.title}</h3>
                  <p>{b.description}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null,
    howItWorks:
      page.howItWorks.length > 0 ? (
        <section className="app-section app-section--alt" aria-labelledby="app-how">
          <div className="app-landing__inner">
            <h2 id="app-how">How it works</h2>
            <SectionImage url={page.images?.howItWorks} />
            <ol className="app-steps">
              {page.howItWorks.map((s, i) => (
                <li key={i} className="app-step">
                  <span className="app-step__number" aria-hidden="true">
                    {i + 1}
                  </span>
                  <h3>{s.title}</h3>
                  <p>{s.description}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>
      ) : null,
    testimonials:
      page.testimonials.length > 0 ? (
        <section className="app-section" aria-labelledby="app-testimonials">
          <div className="app-landing__inner">
            <h2 id="app-testimonials">What people say</h2>
            <ul className="app-cards">
              {page.testimonials.map((t, i) => (
                <li key={i} className="app-card">
                  <figure className="app-quote">
                    <blockquote>
                      <p>“{t.quote}”</p>
                    </blockquote>
                    <figcaption>
                      <strong>{t.name}</strong>
                      {t.role ? <span>, {t.role}</span> : null}
                    </figcaption>
                  </figure>
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null,
    pricing: (
      <section className="app-section app-section--alt" id="plans" aria-labelledby="app-plans" tabIndex={-1}>
        <div className="app-landing__inner app-plans">
          <h2 id="app-plans">{page.pricing.title || "Choose your plan"}</h2>
          {page.pricing.subtitle ? <p className="app-plans__subtitle">{page.pricing.subtitle}</p> : null}
          {active ? (
            <div className="app-plans__active">
              <p>
                <strong>You have the {active.interval === "year" ? "annual" : "monthly"} plan</strong> (
                {formatCents(active.priceCents)}), active until {longDateText(active.currentPeriodEnd)}.
              </p>
              <Link className="app-button app-button--primary" to={d.onboardingHref}>
                Go to your plan
              </Link>
            </div>
          ) : d.plans ? (
            <>
              {d.plans.transformationPromiseByDate ? (
                <p className="app-plans__promise">{d.plans.transformationPromiseByDate}</p>
              ) : null}
              <PlanPicker
                storefrontSlug={d.storefrontSlug}
                appSlug={d.appSlug}
                plans={d.plans.plans}
                legend={d.plans.selectPlanText || "Choose your plan"}
                idempotencyKey={d.plans.idempotencyKey}
                error={d.buyError}
              />
            </>
          ) : null}
        </div>
      </section>
    ),
    faq:
      page.faq.length > 0 ? (
        <section className="app-section" aria-labelledby="app-faq">
          <div className="app-landing__inner app-faq">
            <h2 id="app-faq">Questions</h2>
            {page.faq.map((f, i) => (
              <details key={i} className="app-faq__item">
                <summary>{f.question}</summary>
                <p>{f.answer}</p>
              </details>
            ))}
          </div>
        </section>
      ) : null,
  };
  return (
    <div className="app-landing" style={d.themeStyle as CSSProperties} data-theme-mode={d.theme.mode}>
      {d.purchased ? (
        <div className="app-landing__confirmation" role="status">
          <div className="app-landing__inner">
            <h2>You're in!</h2>
            <p>Your {d.appName} plan is active. Start with your personalized plan.</p>
            <Link className="app-button app-button--primary" to={d.onboardingHref}>
              {page.hero.ctaLabel || "Get started"}
            </Link>
            {d.todayHref ? (
              <Link className="app-button app-button--secondary" to={d.todayHref}>
                Go to today
              </Link>
            ) : null}
          </div>
        </div>
      ) : d.purchasePending ? (
        <div className="app-landing__confirmation" role="status">
          <div className="app-landing__inner">
            <p>We're confirming your payment. Reload this page in a moment.</p>
          </div>
        </div>
      ) : null}

      <header className="app-hero">
        <div className="app-landing__inner app-hero__grid">
          <div className="app-hero__text">
            <p className="app-hero__eyebrow">
              {d.appName}
              {d.creator ? (
                <>
                  {" "}
                  <span className="app-hero__creator">
                    by <Link to={d.creator.href}>{d.creator.name}</Link>
                  </span>
                </>
              ) : null}
            </p>
            <h1 className="app-hero__title">{page.hero.title}</h1>
            {page.hero.subtitle ? <p className="app-hero__subtitle">{page.hero.subtitle}</p> : null}
            <div className="app-hero__actions">
              {d.todayHref ? (
                <Link className="app-button app-button--primary" to={d.todayHref}>
                  Go to today
                </Link>
              ) : null}
              <Link className="app-button app-button--primary" to={d.onboardingHref}>
                {page.hero.ctaLabel || "Get started"}
              </Link>
              <a className="app-button app-button--secondary" href="#plans">
                See plans
              </a>
            </div>
          </div>
          {page.hero.imageUrl ? (
            <img
              className="app-hero__image"
              src={page.hero.imageUrl}
              alt=""
              width={560}
              height={420}
              decoding="async"
            />
          ) : null}
        </div>
      </header>

      <Screenshots shots={page.screenshots} appName={d.appName} />

      {orderOf(page).map((section) => (
        <Fragment key={section}>{sections[section]}</Fragment>
      ))}

      <section className="app-section app-cta" aria-labelledby="app-cta">
        <div className="app-landing__inner">
          <h2 id="app-cta">{page.callToAction.title || `Start ${d.appName}`}</h2>
          {page.callToAction.subtitle ? <p>{page.callToAction.subtitle}</p> : null}
          <Link className="app-button app-button--accent" to={d.onboardingHref}>
            {page.callToAction.buttonLabel || "Get started"}
          </Link>
        </div>
      </section>
    </div>
  );
}

/** A section's picture beside its heading (regenerated in the builder). */
function SectionImage({ url }: { url: string | null | undefined }) {
  if (!url) return null;
  return (
    <img className="app-section__image" src={url} alt="" width={400} height={300} loading="lazy" decoding="async" />
  );
}

/** The app on a phone: the screenshots the builder made from the app's own screens. */
function Screenshots({ shots, appName }: { shots: LandingPage["screenshots"]; appName: string }) {
  if (!shots?.length) return null;
  return (
    <section className="app-section app-screenshots" aria-labelledby="app-screenshots">
      <div className="app-landing__inner">
        <h2 id="app-screenshots">{appName} on your phone</h2>
        <ul className="app-screenshots__list">
          {shots.map((shot) => (
            <li key={shot.screen}>
              <img src={shot.url} alt={shot.alt} width={215} height={440} loading="lazy" decoding="async" />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
