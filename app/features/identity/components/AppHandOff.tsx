import { Button, ButtonLink, buttonClass } from "~/ui/Button";
import { Form, useLocation } from "~/ui/router";

/**
 * The pages between the product and an app that signs people in through hosted login
 * (/oauth2/authorize, /logout): a link the app's address cannot be trusted to be, a confirmation
 * before signing out, and the page that sends a person on to the app. That page exists because a
 * page of ours that posted a form may lead only here (CSP form-action), so the trip to the app
 * must start from a page load of its own: it refreshes at once, with a link for anyone it does not.
 */
export type HandOff =
  | { kind: "invalid"; message: string }
  | { kind: "confirm-logout"; appName: string; returnTo: string }
  | { kind: "continue"; appName: string; to: string; signedOut: boolean };

/** The page's title, and the refresh that sends the person on (the routes' meta). */
export function handOffMeta(
  handOff: HandOff | undefined,
): ({ title: string } | { name: string; content: string } | { httpEquiv: string; content: string })[] {
  const robots = { name: "robots", content: "noindex" };
  if (!handOff || handOff.kind === "invalid") return [{ title: "This link doesn't work" }, robots];
  if (handOff.kind === "confirm-logout") return [{ title: `Log out and return to ${handOff.appName}` }, robots];
  return [{ title: `Back to ${handOff.appName}` }, robots, { httpEquiv: "refresh", content: `0;url=${handOff.to}` }];
}

export function AppHandOffPage({ handOff }: { handOff: HandOff }) {
  const here = useLocation();
  return (
    <section className="container status-page" aria-labelledby="status-title">
      {handOff.kind === "invalid" ? (
        <>
          <h1 id="status-title">This link doesn't work</h1>
          <p>{handOff.message}</p>
          <p>Go back to the app and try again, or ask its makers to check how it signs people in.</p>
          <div className="status-page__actions">
            <ButtonLink variant="primary" to="/">
              Go to the home page
            </ButtonLink>
          </div>
        </>
      ) : handOff.kind === "confirm-logout" ? (
        <>
          <h1 id="status-title">Log out and return to {handOff.appName}?</h1>
          <p>You'll be logged out here too, on this browser.</p>
          {/* A document post: its answer is the page that sends the person on to the app. */}
          <Form method="post" action={here.pathname + here.search} reloadDocument className="status-page__actions">
            <Button variant="primary" type="submit">
              Log out
            </Button>
            <a className={buttonClass({ variant: "secondary" })} href={handOff.returnTo}>
              <span className="btn__label">Stay logged in</span>
            </a>
          </Form>
        </>
      ) : (
        <>
          <h1 id="status-title">{handOff.signedOut ? "You're logged out" : "You're signed in"}</h1>
          <p>Taking you back to {handOff.appName}…</p>
          <div className="status-page__actions">
            <a className={buttonClass({ variant: "primary" })} href={handOff.to}>
              <span className="btn__label">Continue to {handOff.appName}</span>
            </a>
          </div>
        </>
      )}
    </section>
  );
}
