/**
 * /admin/analytics (with the experiments' results): admins only (checked here, on the server). A range that cannot be read answers
 * 400 with the reason in plain words and the last 30 days' report, so the page never breaks.
 */
import { data } from "@remix-run/cloudflare";
import { requireAdmin } from "~/http/admin.server";
import type { AppContext } from "~/platform/context";
import { analyticsReport } from "~/features/analytics/report.server";
import { experimentsReport } from "~/features/experiments/report.server";
import { QUICK_RANGES, lastDays, parseRange } from "~/features/analytics/rules";
import { readReportQuery } from "~/features/analytics/report-schema";

export async function analyticsPage(app: AppContext, request: Request) {
  await requireAdmin(app, request);
  const query = readReportQuery(new URL(request.url));
  const answer = query.ok
    ? parseRange(query.query, app.now)
    : { ok: false as const, error: query.error, range: lastDays(app.now) };
  const [report, experiments] = await Promise.all([
    analyticsReport(app, answer.range),
    experimentsReport(app, answer.range),
  ]);
  return data(
    {
      report,
      experiments,
      error: answer.ok ? null : answer.error,
      // After a mistake the fields keep what was typed, so it can be corrected.
      form: answer.ok
        ? { from: answer.range.from, to: answer.range.to }
        : { from: query.ok ? (query.query.from ?? "") : "", to: query.ok ? (query.query.to ?? "") : "" },
      quickRanges: QUICK_RANGES.map((days) => {
        const range = lastDays(app.now, days);
        return { days, from: range.from, to: range.to };
      }),
    },
    { status: answer.ok ? 200 : 400, headers: { "Cache-Control": "private, no-store" } },
  );
}

export type AnalyticsPageData = Awaited<ReturnType<typeof analyticsPage>>["data"];
