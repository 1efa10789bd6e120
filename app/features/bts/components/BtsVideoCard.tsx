import { Link } from "~/ui/router";
import { clockText } from "~/platform/format";

export interface BtsCardData {
  slug: string;
  title: string;
  href: string;
  posterUrl: string;
  durationSeconds: number;
  product: { title: string } | null;
}

/** A bts video as a poster card: the picture, its length, the title and the class it is about. */
export function BtsVideoCard({ video, compact = false }: { video: BtsCardData; compact?: boolean }) {
  return (
    <article className={`bts-card${compact ? " bts-card--compact" : ""}`}>
      <div className="bts-card__poster">
        <img src={video.posterUrl} alt="" width={640} height={360} loading="lazy" />
        <span className="bts-card__duration">
          <span className="visually-hidden">Length </span>
          {clockText(video.durationSeconds)}
        </span>
      </div>
      <div className="bts-card__body">
        <h3 className="bts-card__title">
          <Link to={video.href} className="bts-card__link">
            {video.title}
          </Link>
        </h3>
        {video.product ? <p className="bts-card__class">About {video.product.title}</p> : null}
      </div>
    </article>
  );
}
