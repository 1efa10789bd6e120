import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import btsStyles from "~/features/bts/bts.css";
import { listBtsVideos } from "~/features/bts/bts.server";
import { BtsVideoCard } from "~/features/bts/components/BtsVideoCard";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: btsStyles }];

/** /bts: every behind-the-scenes video, as poster cards. */
export async function loader({ context }: LoaderFunctionArgs) {
  const videos = await listBtsVideos(context.app);
  return {
    videos: videos.map(({ slug, title, href, posterUrl, durationSeconds, description, product }) => ({
      slug,
      title,
      href,
      posterUrl,
      durationSeconds,
      description,
      product: product ? { title: product.title } : null,
    })),
  };
}

export const meta: MetaFunction = () => [
  { title: "Behind the scenes" },
  { name: "description", content: "Short films from the making of our classes. Watch, then tell us what you think." },
];

export default function BtsIndexRoute() {
  const { videos } = useLoaderData<typeof loader>();
  return (
    <div className="container bts-index">
      <header className="bts-index__header">
        <p className="bts-page__eyebrow">Behind the scenes</p>
        <h1>How our classes are made</h1>
        <p className="bts-index__lede">
          Short films from the studios, the sets and the edits. Watch one, then tell us what you think: your answers
          shape what we film next.
        </p>
      </header>
      {videos.length ? (
        <ul className="bts-list">
          {videos.map((v) => (
            <li key={v.slug}>
              <BtsVideoCard video={v} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="bts-index__empty">No behind-the-scenes videos yet. Check back soon.</p>
      )}
    </div>
  );
}
