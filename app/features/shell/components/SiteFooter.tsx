import { Form, Link } from "~/ui/router";
import { Logo } from "~/ui/Logo";

/** The site footer: product links, legal pages and the light/dark theme switch (a plain form post). */
export function SiteFooter({
  productName,
  theme,
  path,
}: {
  productName: string;
  theme: "light" | "dark";
  path: string;
}) {
  const next = theme === "dark" ? "light" : "dark";
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__brand">
          <Logo size="medium" name={productName} />
          <p>Learn music and more from working artists, one lesson at a time.</p>
        </div>
        <nav aria-label="Footer" className="site-footer__links">
          <h2 className="site-footer__heading">Learn</h2>
          <ul>
            <li>
              <Link to="/classes">All classes</Link>
            </li>
            <li>
              <Link to="/classes?view=New%20releases">New releases</Link>
            </li>
            <li>
              <Link to="/classes?view=Top%20rated">Top rated</Link>
            </li>
            <li>
              <Link to="/classes?view=Collections">Collections</Link>
            </li>
            <li>
              <Link to="/school/music">Music school</Link>
            </li>
            <li>
              <Link to="/bts">Behind the scenes</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Legal" className="site-footer__links">
          <h2 className="site-footer__heading">{productName}</h2>
          <ul>
            <li>
              <Link to="/terms">Terms of Service</Link>
            </li>
            <li>
              <Link to="/privacy">Privacy Policy</Link>
            </li>
          </ul>
        </nav>
        <Form method="post" action="/theme" className="site-footer__theme" preventScrollReset>
          <input type="hidden" name="theme" value={next} />
          <input type="hidden" name="redirectTo" value={path} />
          <button type="submit" className="site-footer__theme-button">
            {next === "dark" ? "Switch to dark theme" : "Switch to light theme"}
          </button>
        </Form>
      </div>
      <div className="container site-footer__legal">
        <p>
          © {new Date().getUTCFullYear()} {productName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
