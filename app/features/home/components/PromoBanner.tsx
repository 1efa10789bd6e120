import { useEffect, useId, useState } from "react";
import { Countdown } from "~/ui/Countdown";
import { Icon } from "~/ui/icons";
import type { Banner } from "~/features/flags/banner";

/** Switches the description to the after-countdown text when the countdown ends while the page is open. */
function useBannerDescription(banner: Banner) {
  const [description, setDescription] = useState(banner.description);
  useEffect(() => {
    setDescription(banner.description);
    if (!banner.switchesAt || banner.afterCountdown === null) return;
    const wait = Date.parse(banner.switchesAt) - Date.now();
    if (wait > 2_147_000_000) return; // longer than a timer can wait; the next page view will switch it
    const timer = setTimeout(() => setDescription(banner.afterCountdown!), Math.max(0, wait));
    return () => clearTimeout(timer);
  }, [banner]);
  return description;
}

/**
 * The promotional yellow banner. The whole banner is a link; the close control hides it for this
 * page view only (a CSS checkbox, so it also works without JavaScript, and nothing is remembered).
 */
export function PromoBanner({ banner, now }: { banner: Banner; now: number }) {
  const description = useBannerDescription(banner);
  const toggleId = useId();
  return (
    <>
      <input type="checkbox" id={toggleId} className="promo-banner__toggle visually-hidden" aria-label="Close banner" />
      <aside className={`promo-banner promo-banner--${banner.theme}`} aria-label="Promotion">
        <a className="promo-banner__link" href={banner.url}>
          <strong className="promo-banner__title">{banner.title}</strong>
          {description ? <span className="promo-banner__description">{description}</span> : null}
          {banner.switchesAt && description !== banner.afterCountdown ? (
            <Countdown until={banner.switchesAt} now={now} className="promo-banner__countdown" />
          ) : null}
        </a>
        <label htmlFor={toggleId} className="promo-banner__close" title="Close banner">
          <Icon name="close" />
        </label>
      </aside>
    </>
  );
}

/** The second, inline copy below the hero ('title — description'); it ignores the close. */
export function InlineBannerCopy({ banner, now }: { banner: Banner; now: number }) {
  const description = useBannerDescription(banner);
  return (
    <p className={`promo-inline promo-inline--${banner.theme}`}>
      <a href={banner.url}>
        <strong>{banner.title}</strong>
        {description ? ` — ${description}` : ""}
        {banner.switchesAt && description !== banner.afterCountdown ? (
          <>
            {" "}
            <Countdown until={banner.switchesAt} now={now} />
          </>
        ) : null}
      </a>
    </p>
  );
}
