/** Inputs of the analytics report: the GET form's From and To dates (read by rules.parseRange). */
import { z } from "zod";

/** Both optional (the report defaults to the last 30 days); long junk is cut before it is read. */
export const reportQuery = z.object({
  from: z.string().max(40).optional(),
  to: z.string().max(40).optional(),
});

export type ReportQuery = z.infer<typeof reportQuery>;

/** The query of a report URL: each key once (a repeated key keeps its first value). */
export function readReportQuery(url: URL): { ok: true; query: ReportQuery } | { ok: false; error: string } {
  const parsed = reportQuery.safeParse({
    from: url.searchParams.get("from") ?? undefined,
    to: url.searchParams.get("to") ?? undefined,
  });
  return parsed.success
    ? { ok: true, query: parsed.data }
    : { ok: false, error: "The dates are too long to be dates. Use dates like 2026-03-01." };
}
