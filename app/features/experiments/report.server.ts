/**
 * The experiments' report for /admin/analytics: per experiment and variant, in a date range, the
 * visitors exposed (distinct people with an 'experiment | viewed'), and of them those who signed up
 * ('create account | success') and who bought ('checkout | purchase success') at or after their
 * first exposure, the conversion (buyers ÷ visitors) and its 95% Wilson interval. A person's variant
 * is the one of their first exposure in the range; people are counted as the analytics report counts
 * them (analytics PERSON_OF: the account, else the linked account, else the anonymous id).
 */
import { flushBufferedEvents } from "~/features/analytics/buffer.server";
import { EVENTS } from "~/features/analytics/events";
import { PERSON_OF } from "~/features/analytics/report.server";
import type { DateRange } from "~/features/analytics/rules";
import type { AppContext } from "~/platform/context";
import { listExperiments } from "./experiments.server";
import { statusOf, wilsonInterval, type ExperimentStatus } from "./rules";

export type VariantResult = {
  variant: string;
  weight: number | null;
  visitors: number;
  signUps: number;
  purchases: number;
  /** Buyers ÷ visitors, 0–1 (null without visitors). */
  conversion: number | null;
  interval: { low: number; high: number } | null;
};

export type ExperimentResult = {
  key: string;
  description: string;
  status: ExperimentStatus;
  variants: VariantResult[];
};

/** ?1 start, ?2 end (exclusive), ?3 the exposure event, ?4 sign-up, ?5 purchase. */
const VARIANT_COUNTS = `
  WITH exposures AS (
    SELECT json_extract(e.properties, '$.experiment') AS experiment, json_extract(e.properties, '$.variant') AS variant,
           ${PERSON_OF("e")} AS person, e.created_at AS at
    FROM analytics_events e
    WHERE e.name = ?3 AND e.created_at >= ?1 AND e.created_at < ?2 AND json_valid(e.properties)),
  firsts AS (
    SELECT experiment, variant, person, at FROM (
      SELECT *, ROW_NUMBER() OVER (PARTITION BY experiment, person ORDER BY at) AS n FROM exposures
      WHERE person IS NOT NULL AND experiment IS NOT NULL AND variant IS NOT NULL)
    WHERE n = 1),
  outcomes AS (
    SELECT o.name AS name, ${PERSON_OF("o")} AS person, MAX(o.created_at) AS last_at
    FROM analytics_events o
    WHERE o.name IN (?4, ?5) AND o.created_at >= ?1 AND o.created_at < ?2
    GROUP BY o.name, person)
  SELECT f.experiment AS experiment, CAST(f.variant AS TEXT) AS variant, COUNT(*) AS visitors,
    SUM(EXISTS (SELECT 1 FROM outcomes o WHERE o.name = ?4 AND o.person = f.person AND o.last_at >= f.at)) AS sign_ups,
    SUM(EXISTS (SELECT 1 FROM outcomes o WHERE o.name = ?5 AND o.person = f.person AND o.last_at >= f.at)) AS purchases
  FROM firsts f GROUP BY f.experiment, f.variant`;

/** Every experiment (defined ones, and any seen in the range's events) with its variants' numbers. */
export async function experimentsReport(app: AppContext, range: DateRange): Promise<ExperimentResult[]> {
  // Exposures of the last few seconds are still in the buffers: count them too.
  await flushBufferedEvents(app);
  const [defined, counted] = await Promise.all([
    listExperiments(app),
    app.bindings.DB.prepare(VARIANT_COUNTS)
      .bind(range.startMs, range.endMs, EVENTS.experimentViewed, EVENTS.createAccountSuccess, EVENTS.purchaseSuccess)
      .all<{ experiment: string; variant: string; visitors: number; sign_ups: number; purchases: number }>(),
  ]);
  const rows = counted.results;
  const result = (variant: string, weight: number | null, experiment: string): VariantResult => {
    const row = rows.find((r) => r.experiment === experiment && r.variant === variant);
    const visitors = row?.visitors ?? 0;
    const purchases = row?.purchases ?? 0;
    return {
      variant,
      weight,
      visitors,
      signUps: row?.sign_ups ?? 0,
      purchases,
      conversion: visitors > 0 ? purchases / visitors : null,
      interval: wilsonInterval(purchases, visitors),
    };
  };
  return defined.map((experiment) => {
    const known = experiment.variants.map((v) => result(v.key, v.weight, experiment.key));
    // A variant removed since (its visitors were still exposed in the range) stays in the report.
    const removed = rows
      .filter((r) => r.experiment === experiment.key && !experiment.variants.some((v) => v.key === r.variant))
      .map((r) => result(r.variant, null, experiment.key));
    return {
      key: experiment.key,
      description: experiment.description,
      status: statusOf(experiment, app.now),
      variants: [...known, ...removed],
    };
  });
}
