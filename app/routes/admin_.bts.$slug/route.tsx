import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import btsStyles from "~/features/bts/bts.css";
import { btsFeedbackPage } from "~/features/bts/admin.server";
import { FeedbackEntries } from "~/features/bts/components/AdminFeedback";
import { averageText } from "~/features/bts/rules";
import { requireAdmin } from "~/http/admin.server";
import { notFound } from "~/platform/http.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: btsStyles }];

/** /admin/bts/{slug}: every piece of feedback on one bts video, newest first, 20 a page (admins only). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAdmin(context.app, request);
  const page = Number.parseInt(new URL(request.url).searchParams.get("page") ?? "1", 10);
  const found = await btsFeedbackPage(context.app, params.slug ?? "", Number.isFinite(page) ? page : 1);
  if (!found) notFound("No such behind-the-scenes video");
  return found;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Feedback on ${data.video.title} · Admin` : "Not found" },
  { name: "robots", content: "noindex" },
];

export default function AdminBtsFeedbackRoute() {
  const { video, feedbackCount, averageRating, entries, page, pages } = useLoaderData<typeof loader>();
  const here = `/admin/bts/${encodeURIComponent(video.slug)}`;
  return (
    <div className="container admin">
      <nav aria-label="Breadcrumb" className="admin__tools">
        <Link to="/admin">Admin</Link>
      </nav>
      <h1>Feedback on {video.title}</h1>
      <p>
        {feedbackCount} {feedbackCount === 1 ? "answer" : "answers"} · average rating {averageText(averageRating)} ·{" "}
        <Link to={video.href}>Watch the video</Link>
      </p>
      {entries.length ? <FeedbackEntries entries={entries} /> : <p className="admin__empty">No feedback yet.</p>}
      {pages > 1 ? (
        <nav aria-label="Pages" className="admin-bts__pager">
          {page > 1 ? <Link to={`${here}?page=${page - 1}`}>← Newer</Link> : <span />}
          <span>
            Page {page} of {pages}
          </span>
          {page < pages ? <Link to={`${here}?page=${page + 1}`}>Older →</Link> : <span />}
        </nav>
      ) : null}
    </div>
  );
}
