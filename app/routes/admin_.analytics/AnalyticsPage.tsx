/**
 * /admin/analytics: totals, a chart per series per day, the funnel, the experiments and the top sources for a date
 * range. The range is a plain GET form (works without JavaScript; the URL can be shared).
 */
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { Button } from "~/ui/Button";
import type { analyticsPage } from "./analytics.server";
import { longDate } from "~/features/analytics/rules";
import { DailyChart } from "~/features/analytics/components/DailyChart";
import { FunnelChart } from "~/features/analytics/components/FunnelChart";
import { SourcesTable } from "~/features/analytics/components/SourcesTable";
import { TotalsTiles } from "~/features/analytics/components/TotalsTiles";
import { ExperimentsTable } from "~/features/experiments/components/ExperimentsTable";

export function AnalyticsPage() {
  const { report, experiments, error, form, quickRanges } = useLoaderData<typeof analyticsPage>();
  const loading = useNavigation().state === "loading";
  const { range, daily, totals } = report;
  const span = `${longDate(range.from)} – ${longDate(range.to)}`;
  return (
    <div className="container analytics" aria-busy={loading || undefined}>
      <p className="analytics__back">
        <Link to="/admin">← Admin</Link>
      </p>
      <h1>Analytics</h1>

      <Form method="get" className="analytics__range" aria-labelledby="analytics-range">
        <h2 id="analytics-range" className="visually-hidden">
          Date range
        </h2>
        <div className="field analytics__date">
          <label className="field__label" htmlFor="analytics-from">
            From
          </label>
          <input
            id="analytics-from"
            className="input"
            type="date"
            name="from"
            defaultValue={form.from}
            key={`from-${form.from}`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "analytics-error" : undefined}
          />
        </div>
        <div className="field analytics__date">
          <label className="field__label" htmlFor="analytics-to">
            To
          </label>
          <input
            id="analytics-to"
            className="input"
            type="date"
            name="to"
            defaultValue={form.to}
            key={`to-${form.to}`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "analytics-error" : undefined}
          />
        </div>
        <Button type="submit" variant="primary" loading={loading}>
          Show
        </Button>
        <nav className="analytics__quick" aria-label="Quick ranges">
          {quickRanges.map((q) => {
            const current = !error && q.from === range.from && q.to === range.to;
            return (
              <Link
                key={q.days}
                to={`?from=${q.from}&to=${q.to}`}
                className={`analytics__chip${current ? " analytics__chip--on" : ""}`}
                aria-current={current ? "page" : undefined}
              >
                Last {q.days} days
              </Link>
            );
          })}
        </nav>
      </Form>
      {error ? (
        <p id="analytics-error" className="analytics__error" role="alert">
          {error} Showing the last 30 days instead.
        </p>
      ) : null}
      <p className="analytics__span">
        {span} ({range.days} {range.days === 1 ? "day" : "days"}). Days are in UTC.
      </p>

      <section aria-labelledby="analytics-totals" className="analytics__section">
        <h2 id="analytics-totals">Totals</h2>
        <TotalsTiles
          tiles={[
            { label: "Page views", value: totals.pageViews },
            { label: "Sign-ups", value: totals.signUps },
            { label: "Cart adds", value: totals.cartAdds },
            { label: "Checkouts", value: totals.checkouts },
            {
              label: "Revenue",
              value: totals.revenueCents,
              format: "usd",
              note: `${totals.purchases.toLocaleString("en-US")} ${totals.purchases === 1 ? "purchase" : "purchases"}, before refunds`,
            },
          ]}
        />
      </section>

      <section aria-labelledby="analytics-daily" className="analytics__section">
        <h2 id="analytics-daily">Per day</h2>
        <div className="analytics__charts">
          <DailyChart
            id="chart-revenue"
            title="Revenue"
            units={{ one: "in revenue", other: "in revenue" }}
            points={daily.revenueCents}
            format="usd"
            kind="area"
            wide
          />
          <DailyChart
            id="chart-page-views"
            title="Page views"
            units={{ one: "page view", other: "page views" }}
            points={daily.pageViews}
          />
          <DailyChart
            id="chart-sign-ups"
            title="Sign-ups"
            units={{ one: "sign-up", other: "sign-ups" }}
            points={daily.signUps}
          />
          <DailyChart
            id="chart-cart-adds"
            title="Cart adds"
            units={{ one: "cart add", other: "cart adds" }}
            points={daily.cartAdds}
          />
          <DailyChart
            id="chart-checkouts"
            title="Checkouts"
            units={{ one: "checkout", other: "checkouts" }}
            points={daily.checkouts}
          />
        </div>
      </section>

      <section aria-labelledby="analytics-funnel" className="analytics__section">
        <h2 id="analytics-funnel">Funnel</h2>
        <FunnelChart steps={report.funnel} />
      </section>

      <section aria-labelledby="analytics-experiments" className="analytics__section">
        <h2 id="analytics-experiments">Experiments</h2>
        <p className="analytics__note">
          Visitors are people shown the experiment in this range, in the variant of their first view; sign-ups and
          purchases are theirs after that first view. Conversion is buyers out of visitors, with its 95% confidence
          interval (Wilson). <Link to="/admin/experiments">Define or stop experiments</Link>.
        </p>
        <ExperimentsTable experiments={experiments} span={span} />
      </section>

      <section aria-labelledby="analytics-sources" className="analytics__section">
        <h2 id="analytics-sources">Top sources</h2>
        <p className="analytics__note">
          Where visits, sign-ups and purchases came from: utm_source, else the referrer, else source; “(direct)” when
          none is known.
        </p>
        <SourcesTable rows={report.sources} caption={`Top sources, ${span}`} />
      </section>
    </div>
  );
}
