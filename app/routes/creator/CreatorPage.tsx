import { Form, Link, useNavigation } from "@remix-run/react";
import { IdeaBox } from "~/features/apps/components/IdeaBox";
import { CREATOR_BENEFITS, CREATOR_PITCH, creatorHeading, creatorMessages } from "~/features/creators/rules";
import { Button } from "~/ui/Button";
import { TextInput } from "~/ui/TextInput";
import type { CreatorFormData, CreatorPageData } from "./creator.server";

/**
 * The prospective creator's page (/creator, and /build with its own heading): the pitch beside the idea
 * box that starts an app, three benefits and the waitlist form. Both forms are plain posts to the page,
 * so they work without JavaScript; with JavaScript Remix submits them in place.
 */
export function CreatorPage({
  variant,
  joined,
  loginHref,
  signedIn,
  ideaDraft,
  failed,
}: CreatorPageData & { failed?: CreatorFormData }) {
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" &&
    navigation.formMethod?.toUpperCase() === "POST" &&
    navigation.formData?.get("intent") !== "build";
  const idea = failed?.intent === "build" ? failed : null;
  const waitlist = failed?.intent === "waitlist" ? failed : null;
  return (
    <div className="creator-page">
      <section className="creator-hero" aria-labelledby="creator-title">
        <div className="container creator-hero__content">
          <div className="creator-hero__text">
            <p className="creator-hero__eyebrow">For coaches, teachers and creators</p>
            <h1 id="creator-title" className="creator-hero__title">
              {creatorHeading(variant)}
            </h1>
            <p className="creator-hero__pitch">{CREATOR_PITCH}</p>
            {loginHref ? (
              <p className="creator-hero__login">
                Already a creator? <Link to={loginHref}>Log in</Link>
              </p>
            ) : null}
          </div>
          <IdeaBox
            initial={idea ? { appIdea: idea.appIdea, timestamp: idea.timestamp } : ideaDraft}
            error={idea?.error ?? null}
            signedIn={signedIn}
          />
        </div>
      </section>

      <section className="container creator-benefits" aria-labelledby="creator-benefits-title">
        <h2 id="creator-benefits-title" className="visually-hidden">
          Why build with us
        </h2>
        <ul className="creator-benefits__list">
          {CREATOR_BENEFITS.map((benefit) => (
            <li key={benefit.title} className="creator-benefit">
              <h3 className="creator-benefit__title">{benefit.title}</h3>
              <p className="creator-benefit__text">{benefit.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="container creator-waitlist" aria-labelledby="creator-waitlist-title">
        <h2 id="creator-waitlist-title">Join the creator waitlist</h2>
        {joined && !waitlist ? (
          <p className="creator-waitlist__joined" role="status">
            {creatorMessages.joined}
          </p>
        ) : (
          <>
            <p className="creator-waitlist__intro">
              Not ready to build yet? Leave your email and we'll tell you when new builder features and creator
              programmes open.
            </p>
            <Form method="post" className="creator-waitlist__form" noValidate>
              {/* The key resets the field to the kept email after each failed post. */}
              <TextInput
                key={waitlist?.email ?? ""}
                label="Email"
                name="email"
                type="email"
                autoComplete="email"
                defaultValue={waitlist?.email ?? ""}
                error={waitlist?.error ?? null}
                alwaysShowError
                required
              />
              <Button type="submit" variant="primary" size="large" loading={pending}>
                Join the creator waitlist
              </Button>
            </Form>
          </>
        )}
      </section>
    </div>
  );
}
