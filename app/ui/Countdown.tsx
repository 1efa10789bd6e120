import { useEffect, useState } from "react";

/** Time left as '6d 23h 12m', or '02:11:05' in the last day; '' once it has passed. */
export function countdownText(msLeft: number): string {
  if (msLeft <= 0) return "";
  const total = Math.floor(msLeft / 1000);
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (days > 0) return `${days}d ${hours}h ${minutes}m`;
  return [hours, minutes, seconds].map((n) => String(n).padStart(2, "0")).join(":");
}

/** On a countdown's text: its end, in epoch milliseconds, which the page's ticker counts down to. */
const COUNTDOWN_END_ATTRIBUTE = "data-countdown-end";
/** Where the ticker leaves its stop (on window); the first countdown React runs calls it. */
const STOP_TICKER = "__stopCountdownTicker";

/**
 * The page's countdown ticker, an inline script the root layout renders under the page's nonce, after
 * the page's content. Pages that load the app on first need (platform/app-on-first-need) would
 * otherwise show, until the visitor's first press, the time left their render saw, which a shared copy
 * of the page may have made up to a minute earlier. When parsed it writes every countdown's time left
 * by the browser's clock, then again every second until React runs the countdowns (Countdown stops
 * it); on a page without a countdown it stops at once. Past the end it empties the text and hides the
 * countdown, as Countdown renders nothing then. Without JavaScript the server's text stays.
 *
 * Plain JavaScript text, not a function's source (the server's bundler wraps functions in a helper the
 * page does not have), with its line breaks and indents taken out: every page carries it. It formats
 * as countdownText does: tests/unit/countdown.test.ts checks that they agree.
 */
export const COUNTDOWN_TICKER = `(function(){
  function two(n){return(n<10?"0":"")+n}
  function text(ms){
    if(!(ms>0))return"";
    var s=Math.floor(ms/1e3),d=Math.floor(s/86400),h=Math.floor(s%86400/3600),m=Math.floor(s%3600/60);
    return d?d+"d "+h+"h "+m+"m":two(h)+":"+two(m)+":"+two(s%60)
  }
  function tick(){
    var all=document.querySelectorAll("[${COUNTDOWN_END_ATTRIBUTE}]"),now=Date.now();
    for(var i=0;i<all.length;i++){
      var el=all[i],value=text(el.getAttribute("${COUNTDOWN_END_ATTRIBUTE}")-now);
      if(el.textContent!==value)el.textContent=value;
      if(!value)el.parentNode.hidden=true
    }
    return all.length
  }
  if(!tick())return;
  var timer=setInterval(tick,1e3);
  window.${STOP_TICKER}=function(){clearInterval(timer)}
})()`.replace(/\n\s*/g, "");

const isBrowser = typeof document !== "undefined";

/**
 * A countdown to `until` (ISO). The server renders the time left at `now`, its render's time, so it
 * reads right without JavaScript; with it, the page's ticker (COUNTDOWN_TICKER) corrects it when the
 * page loads and ticks it every second, and once React runs, React ticks it. Screen readers get the
 * end date instead of a changing number.
 *
 * Hydration: the ticker has already rewritten the text, so React's first render in the browser says
 * the time left by the browser's clock, as the ticker does, never by `now` (the server's, up to a
 * minute old on a shared page), which would put the stale text back for a moment. The two can still
 * differ by the second that passed since the ticker's last write: the text carries
 * suppressHydrationWarning, so React then writes its own, as current, text instead of failing the
 * hydration (a text mismatch makes React 18 render the whole page again on the client). Whether the
 * countdown shows at all is decided by `now` until React has mounted it, so hydration finds the
 * elements the server rendered; after that by the browser's clock.
 */
export function Countdown({ until, now, className }: { until: string; now: number; className?: string }) {
  const end = Date.parse(until);
  // The browser's clock, once mounted; null before (the first render, on the server or in hydration).
  const [ticked, setTicked] = useState<number | null>(null);
  useEffect(() => {
    (window as unknown as Record<string, (() => void) | undefined>)[STOP_TICKER]?.();
    setTicked(Date.now());
    const timer = setInterval(() => setTicked(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [end]);
  if (end <= (ticked ?? now)) return null;
  const text = countdownText(end - (ticked ?? (isBrowser ? Date.now() : now)));
  return (
    // suppressHydrationWarning on <time> too: past its end the ticker may have hidden it.
    <time dateTime={until} className={className} suppressHydrationWarning>
      <span aria-hidden="true" data-countdown-end={end} suppressHydrationWarning>
        {text}
      </span>
      <span className="visually-hidden">{new Date(end).toUTCString()}</span>
    </time>
  );
}
