import { Form, Link } from "~/ui/router";
import type { CSSProperties } from "react";
import { Button } from "~/ui/Button";
import type { AppCard } from "../creator-apps.server";
import { pictureLabel, pictureOrigin } from "../pictures";
import { themeVars, type IdeaDraft } from "../rules";
import { NewAppForm } from "./NewAppForm";
import { NO_MODEL_HERO, NoModelNotice } from "./NoModelNotice";

/**
 * A small server-rendered preview of the app's hero, in the app's colours (or its hero image). A
 * designed cover already sets the app's name in type: it is shown whole, without the words over it.
 */
function Thumbnail({ thumbnail }: { thumbnail: AppCard["thumbnail"] }) {
  const cover = pictureOrigin(thumbnail.imageUrl) === "cover";
  return (
    <div
      className={cover ? "app-thumb app-thumb--cover" : "app-thumb"}
      style={themeVars(thumbnail.theme) as CSSProperties}
      aria-hidden="true"
    >
      {thumbnail.imageUrl ? (
        <img className="app-thumb__image" src={thumbnail.imageUrl} alt="" loading="lazy" decoding="async" />
      ) : null}
      {cover ? null : (
        <div className="app-thumb__text">
          <span className="app-thumb__title">{thumbnail.title}</span>
          <span className="app-thumb__subtitle">{thumbnail.subtitle}</span>
          <span className="app-thumb__cta">{thumbnail.ctaLabel}</span>
        </div>
      )}
    </div>
  );
}

export function AppCardView({ card, modelConnected = true }: { card: AppCard; modelConnected?: boolean }) {
  const origin = pictureOrigin(card.thumbnail.imageUrl);
  return (
    <li className="app-tile" id={`app-${card.id}`}>
      <Thumbnail thumbnail={card.thumbnail} />
      <div className="app-tile__body">
        <h3 className="app-tile__name">{card.name}</h3>
        <p className="app-tile__badges">
          {card.isPublished ? (
            <span className="app-badge app-badge--published">Published</span>
          ) : (
            <span className="app-badge app-badge--draft">Not published</span>
          )}
          {card.unpublishedChanges ? <span className="app-badge app-badge--changes">Unpublished changes</span> : null}
          {card.isIdea ? <span className="app-badge app-badge--idea">Idea</span> : null}
          {/* Who made the hero picture, when the product did: a designed cover is not a model's picture. */}
          {origin && origin !== "yours" ? (
            <span className="app-badge app-badge--picture">{pictureLabel(origin, modelConnected)}</span>
          ) : null}
        </p>
        <div className="app-tile__actions">
          <Form method="post">
            <input type="hidden" name="intent" value="open" />
            <input type="hidden" name="appId" value={card.id} />
            <Button type="submit" variant="primary" size="small">
              Open builder<span className="visually-hidden"> for {card.name}</span>
            </Button>
          </Form>
          {card.publicHref ? (
            <Link to={card.publicHref} className="app-tile__link">
              View public page<span className="visually-hidden"> of {card.name}</span>
            </Link>
          ) : null}
          <Form method="post">
            <input type="hidden" name="intent" value="mark-idea" />
            <input type="hidden" name="appId" value={card.id} />
            <input type="hidden" name="isIdea" value={card.isIdea ? "false" : "true"} />
            <Button type="submit" variant="transparent" size="small">
              {card.isIdea ? "Mark as not an idea" : "Mark as idea"}
              <span className="visually-hidden">: {card.name}</span>
            </Button>
          </Form>
        </div>
      </div>
    </li>
  );
}

export interface AppsSectionProps {
  apps: AppCard[];
  ideaDraft: IdeaDraft | null;
  /** A refused new-app post. */
  newApp?: { appIdea: string; error: string; timestamp: number } | null;
  draftSaved?: boolean;
  /** The section's heading level 2 text. */
  heading?: string;
  /** False when no AI model is connected: the new-app form says so. */
  modelConnected?: boolean;
}

/** The creator's apps (recently opened first) and the new-app form: on /dashboard and /v2/dashboard. */
export function AppsSection({
  apps,
  ideaDraft,
  newApp,
  draftSaved,
  heading = "Your apps",
  modelConnected = true,
}: AppsSectionProps) {
  return (
    <section className="apps-section" aria-labelledby="apps-section-heading">
      <h2 id="apps-section-heading">{heading}</h2>
      {apps.length === 0 ? (
        <div className="apps-section__empty">
          <p>
            You haven't made an app yet. Describe your idea and we'll build your first version: a landing page, an
            onboarding questionnaire and a plan.
          </p>
        </div>
      ) : (
        <ul className="app-tiles" aria-label="Your apps, recently opened first">
          {apps.map((card) => (
            <AppCardView key={card.id} card={card} modelConnected={modelConnected} />
          ))}
        </ul>
      )}
      <NewAppForm
        initial={newApp ? { appIdea: newApp.appIdea, timestamp: newApp.timestamp } : ideaDraft}
        error={newApp?.error ?? null}
        saved={draftSaved}
      />
      {modelConnected ? null : <NoModelNotice what="A new app" picture={NO_MODEL_HERO} />}
    </section>
  );
}
