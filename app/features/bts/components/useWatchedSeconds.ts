import { useCallback, useEffect, useRef } from "react";

/** Longer jumps between two timeupdates are seeks, not watching. */
const MAX_TICK_SECONDS = 1.5;

/**
 * Counts the seconds of real playback of the <video> inside `container` and ends the viewing
 * session when the viewer leaves: a beacon to `endHref` on pagehide, when the tab is hidden, and on
 * leaving for another page of the site. A beacon posts form fields (a safelisted type: no preflight
 * while the page unloads); it carries the page's Origin, so the site's cross-site rule accepts it.
 * `take()` hands the unsent seconds to the 'Done watching' form instead.
 */
export function useWatchedSeconds(container: React.RefObject<HTMLElement>, endHref: string) {
  const state = useRef({ unsent: 0, lastTime: 0, sent: false });

  const take = useCallback(() => {
    const s = state.current;
    const seconds = Math.round(s.unsent);
    s.unsent = 0;
    s.sent = true;
    return seconds;
  }, []);

  useEffect(() => {
    const s = state.current;
    s.unsent = 0;
    s.sent = false;
    const video = container.current?.querySelector("video") ?? null;
    if (video) s.lastTime = video.currentTime;

    const onTime = () => {
      if (!video) return;
      const delta = video.currentTime - s.lastTime;
      s.lastTime = video.currentTime;
      if (video.paused || video.seeking || delta <= 0 || delta > MAX_TICK_SECONDS) return;
      s.unsent += delta;
    };
    const onSeeked = () => {
      if (video) s.lastTime = video.currentTime;
    };
    const end = () => {
      // Once per visit, then again only for playback since the last report.
      if (s.sent && s.unsent < 1) return;
      const body = new URLSearchParams({ secondsWatched: String(take()), via: "beacon" });
      if (!navigator.sendBeacon?.(endHref, body))
        void fetch(endHref, { method: "POST", body, keepalive: true }).catch(() => undefined);
    };
    const onHide = () => {
      if (document.visibilityState === "hidden") end();
    };

    video?.addEventListener("timeupdate", onTime);
    video?.addEventListener("seeked", onSeeked);
    document.addEventListener("visibilitychange", onHide);
    window.addEventListener("pagehide", end);
    return () => {
      video?.removeEventListener("timeupdate", onTime);
      video?.removeEventListener("seeked", onSeeked);
      document.removeEventListener("visibilitychange", onHide);
      window.removeEventListener("pagehide", end);
      // Leaving for another page of the site (a client navigation) is leaving too.
      end();
    };
  }, [container, endHref, take]);

  return { take };
}
