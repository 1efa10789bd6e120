import { useEffect, useState } from "react";
import { Countdown } from "~/ui/Countdown";
import type { HeroView } from "../hero";

/**
 * The hero's description, with the countdown while it runs; when it ends while the page is open the
 * after-countdown words replace the description (without JavaScript the next page view does).
 */
export function HeroDescription({ hero, now }: { hero: HeroView; now: number }) {
  const [description, setDescription] = useState(hero.description);
  useEffect(() => {
    setDescription(hero.description);
    if (!hero.switchesAt || !hero.afterCountdown) return;
    const wait = Date.parse(hero.switchesAt) - Date.now();
    if (wait > 2_147_000_000) return; // longer than a timer can wait
    const timer = setTimeout(() => setDescription(hero.afterCountdown!), Math.max(0, wait));
    return () => clearTimeout(timer);
  }, [hero]);
  const counting = hero.switchesAt && description !== hero.afterCountdown;
  return (
    <p className="hero__description">
      {description}
      {counting ? (
        <>
          {" "}
          <Countdown until={hero.switchesAt!} now={now} className="hero__countdown" />
        </>
      ) : null}
    </p>
  );
}
