import { useEffect, useRef } from "react";
import { REPORT_EVERY_SECONDS } from "../rules";

/** Longer jumps between two timeupdates are seeks, not watching. */
const MAX_TICK_SECONDS = 1.5;

/**
 * Reports a lesson's playback to POST /api/updateProductProgress: every 10 s of playback, on pause
 * and on leaving (a beacon, which survives the page closing). Only real playback counts as watched
 * time; the server bounds it again by the clock.
 */
export function usePlaybackReports(
  video: React.RefObject<HTMLVideoElement>,
  ids: { productId: string; lessonId: string },
  enabled: boolean,
) {
  const state = useRef({ watched: 0, unsent: 0, lastTime: 0, furthest: 0 });

  useEffect(() => {
    const el = video.current;
    if (!el || !enabled) return;
    const s = state.current;
    s.watched = 0;
    s.unsent = 0;
    s.lastTime = el.currentTime;

    const fields = () => {
      const duration = Number.isFinite(el.duration) && el.duration > 0 ? el.duration : 0;
      const percent = duration ? Math.min(100, ((el.ended ? duration : el.currentTime) / duration) * 100) : 0;
      const body = {
        product_id: ids.productId,
        content_id: ids.lessonId,
        percent_complete: Math.round(percent * 10) / 10,
        additional_seconds_watched: Math.round(s.unsent * 10) / 10,
        position_in_seconds: Math.round(el.currentTime * 10) / 10,
      };
      s.unsent = 0;
      return body;
    };
    const send = () => {
      void fetch("/api/updateProductProgress", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(fields()),
        keepalive: true,
      }).catch(() => undefined);
    };
    // A beacon posts form fields: a safelisted type, so no preflight while the page unloads.
    const beacon = () => {
      if (el.currentTime === 0 && s.unsent === 0) return;
      const body = new URLSearchParams(Object.entries(fields()).map(([k, v]) => [k, String(v)]));
      if (!navigator.sendBeacon?.("/api/updateProductProgress", body)) send();
    };

    const onTime = () => {
      const delta = el.currentTime - s.lastTime;
      s.lastTime = el.currentTime;
      if (el.paused || el.seeking || delta <= 0 || delta > MAX_TICK_SECONDS) return;
      s.unsent += delta;
      s.watched += delta;
      if (s.watched >= REPORT_EVERY_SECONDS) {
        s.watched = 0;
        send();
      }
    };
    const onSeeked = () => {
      s.lastTime = el.currentTime;
    };
    const onPause = () => {
      if (!el.ended) send();
    };
    const onEnded = () => send();
    const onHide = () => {
      if (document.visibilityState === "hidden") beacon();
    };

    el.addEventListener("timeupdate", onTime);
    el.addEventListener("seeked", onSeeked);
    el.addEventListener("pause", onPause);
    el.addEventListener("ended", onEnded);
    document.addEventListener("visibilitychange", onHide);
    window.addEventListener("pagehide", beacon);
    return () => {
      el.removeEventListener("timeupdate", onTime);
      el.removeEventListener("seeked", onSeeked);
      el.removeEventListener("pause", onPause);
      el.removeEventListener("ended", onEnded);
      document.removeEventListener("visibilitychange", onHide);
      window.removeEventListener("pagehide", beacon);
      // Leaving for another page of the site (a client navigation) is leaving too.
      beacon();
    };
  }, [video, ids.productId, ids.lessonId, enabled]);
}
