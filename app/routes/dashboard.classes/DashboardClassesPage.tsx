import { Link } from "@remix-run/react";
import { formatCents } from "~/platform/format";
import { buttonClass } from "~/ui/Button";
import type { DashboardClasses } from "~/features/creators/dashboard-classes.server";

const salesText = (n: number) => (n === 1 ? "1 sale" : `${n.toLocaleString("en-US")} sales`);

/** /dashboard/classes: totals, then one row per class the creator's storefront sells, highest revenue first. */
export function DashboardClassesPage({ storefront, classes, totals }: DashboardClasses) {
  return (
    <div className="container creator-dashboard">
      <h1>Your classes</h1>
      {!storefront || classes.length === 0 ? (
        <div className="creator-dashboard__empty">
          <p>You don't sell any classes yet.</p>
          <Link to="/creator" className={buttonClass({ variant: "primary" })}>
            <span className="btn__label">Become a creator</span>
          </Link>
        </div>
      ) : (
        <>
          <p className="creator-dashboard__storefront">Sold on the storefront of {storefront.name}</p>
          <dl className="creator-dashboard__totals" aria-label="Totals">
            <div>
              <dt>Classes</dt>
              <dd>{totals.classes}</dd>
            </div>
            <div>
              <dt>Sales</dt>
              <dd>{totals.sales.toLocaleString("en-US")}</dd>
            </div>
            <div>
              <dt>Revenue</dt>
              <dd>{formatCents(totals.revenueCents)}</dd>
            </div>
          </dl>
          <ul className="creator-dashboard__list" aria-label="Classes by revenue">
            {classes.map((c) => (
              <li key={c.id} className="sold-class">
                <img
                  className="sold-class__cover"
                  src={c.coverUrl}
                  alt=""
                  width={160}
                  height={90}
                  loading="lazy"
                  decoding="async"
                />
                <div className="sold-class__body">
                  <h2 className="sold-class__title">
                    <Link to={c.href}>{c.title}</Link>
                  </h2>
                  <p className="sold-class__price">Price {formatCents(c.priceCents)}</p>
                </div>
                <p className="sold-class__sales">{salesText(c.sales)}</p>
                <p className="sold-class__revenue">
                  <span className="visually-hidden">Revenue </span>
                  {formatCents(c.revenueCents)}
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
