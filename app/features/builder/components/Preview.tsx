import { Fragment, type CSSProperties, type ReactNode } from "react";
import { orderOf, type MovableSection } from "../landing/edits";
import { shownContentUrl, type LandingPage, type Theme } from "~/db/app-content";

const FONTS: Record<Theme["font"], string> = {
  system: "system-ui, -apple-system, 'Segoe UI', sans-serif",
  serif: "Georgia, 'Times New Roman', serif",
  rounded: "ui-rounded, 'SF Pro Rounded', system-ui, sans-serif",
  mono: "ui-monospace, 'SFMono-Regular', Menlo, monospace",
};

/** The app's theme as CSS custom properties (the preview panel and swatches read them). */
export function themeStyle(theme: Theme): CSSProperties {
  return {
    "--app-primary": theme.primaryColor,
    "--app-accent": theme.accentColor,
    "--app-bg": theme.mode === "dark" ? "#111114" : theme.backgroundColor,
    "--app-text": theme.mode === "dark" ? "#f4f4f6" : theme.textColor,
    "--app-radius": `${theme.cornerRadius}px`,
    fontFamily: FONTS[theme.font] ?? FONTS.system,
  } as CSSProperties;
}

/** A faithful small rendering of the landing page in the app's theme: updates as the creator types. */
export function LandingPreview({
  page,
  theme,
  label = "Landing page preview",
}: {
  page: LandingPage;
  theme: Theme;
  label?: string;
}) {
  const blocks: Record<MovableSection, ReactNode> = {
    benefits:
      page.benefits.length > 0 ? (
        <div className="app-preview__block">
          <p className="app-preview__heading">Why it works</p>
          <PreviewImage url={page.images?.benefits} />
          <ul>
            {page.benefits.map((b, i) => (
              <li key={i}>
                <strong>{b.title}</strong> {b.description}
              </li>
            ))}
          </ul>
        </div>
      ) : null,
    howItWorks:
      page.howItWorks.length > 0 ? (
        <div className="app-preview__block">
          <p className="app-preview__heading">How it works</p>
          <PreviewImage url={page.images?.howItWorks} />
          <ol>
            {page.howItWorks.map((b, i) => (
              <li key={i}>
                <strong>{b.title}</strong> {b.description}
              </li>
            ))}
          </ol>
        </div>
      ) : null,
    testimonials: (
      <>
        {page.testimonials.map((t, i) => (
          <figure key={i} className="app-preview__quote">
            <blockquote>“{t.quote}”</blockquote>
            <figcaption>
              {t.name}
              {t.role ? `, ${t.role}` : ""}
            </figcaption>
          </figure>
        ))}
      </>
    ),
    faq:
      page.faq.length > 0 ? (
        <div className="app-preview__block">
          <p className="app-preview__heading">Questions</p>
          <dl>
            {page.faq.map((f, i) => (
              <div key={i}>
                <dt>{f.question}</dt>
                <dd>{f.answer}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null,
    pricing: (
      <div className="app-preview__block">
        <p className="app-preview__heading">{page.pricing.title || "Pricing"}</p>
        {page.pricing.subtitle ? <p>{page.pricing.subtitle}</p> : null}
      </div>
    ),
  };
  return (
    <section className="builder-preview" aria-label={label} tabIndex={0}>
      <div className="app-preview" style={themeStyle(theme)}>
        <div className="app-preview__hero">
          {shownContentUrl(page.hero.imageUrl) ? (
            <img src={shownContentUrl(page.hero.imageUrl)!} alt="" className="app-preview__image" />
          ) : null}
          <p className="app-preview__title">{page.hero.title || "Your app's title"}</p>
          {page.hero.subtitle ? <p>{page.hero.subtitle}</p> : null}
          <span className="app-preview__cta">{page.hero.ctaLabel || "Get started"}</span>
        </div>
        {page.screenshots?.length ? (
          <div className="app-preview__block">
            <p className="app-preview__heading">Screenshots</p>
            <ul className="app-preview__shots">
              {page.screenshots.map((shot) =>
                shownContentUrl(shot.url) ? (
                  <li key={shot.screen}>
                    <img src={shownContentUrl(shot.url)!} alt={shot.alt} width={108} height={221} />
                  </li>
                ) : null,
              )}
            </ul>
          </div>
        ) : null}
        {orderOf(page).map((section) => (
          <Fragment key={section}>{blocks[section]}</Fragment>
        ))}
        <div className="app-preview__block app-preview__final">
          <p className="app-preview__heading">{page.callToAction.title}</p>
          {page.callToAction.subtitle ? <p>{page.callToAction.subtitle}</p> : null}
          <span className="app-preview__cta">{page.callToAction.buttonLabel || "Get started"}</span>
        </div>
      </div>
    </section>
  );
}

/** Colour swatches and a sample card in the theme. */
export function ThemeSwatches({ theme }: { theme: Theme }) {
  const swatches: [string, string][] = [
    ["Primary", theme.primaryColor],
    ["Accent", theme.accentColor],
    ["Background", theme.backgroundColor],
    ["Text", theme.textColor],
  ];
  return (
    <div className="builder-swatches" style={themeStyle(theme)}>
      <ul className="builder-swatches__list" aria-label="Theme colours">
        {swatches.map(([name, colour]) => (
          <li key={name}>
            <span className="builder-swatch" style={{ background: colour }} aria-hidden="true" />
            {name} <code>{colour}</code>
          </li>
        ))}
      </ul>
      <div className="app-preview app-preview__card">
        <p className="app-preview__title">Sample card</p>
        <p>
          Text in the {theme.font} font, {theme.cornerRadius}px corners, {theme.mode} mode.
        </p>
        <span className="app-preview__cta">Button</span>
      </div>
    </div>
  );
}

function PreviewImage({ url }: { url: string | null | undefined }) {
  const shown = shownContentUrl(url);
  return shown ? <img src={shown} alt="" className="app-preview__image" /> : null;
}
