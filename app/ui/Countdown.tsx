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

/**
 * A countdown to `until` (ISO). The server renders the time left at request time, so it reads
 * right without JavaScript; with it, it ticks every second. Screen readers get the end date instead
 * of a changing number.
 */
export function Countdown({ until, now, className }: { until: string; now: number; className?: string }) {
  const end = Date.parse(until);
  const [current, setCurrent] = useState(now);
  useEffect(() => {
    setCurrent(Date.now());
    const timer = setInterval(() => setCurrent(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [end]);
  const text = countdownText(end - current);
  if (!text) return null;
  return (
    <time dateTime={until} className={className} suppressHydrationWarning>
      <span aria-hidden="true">{text}</span>
      <span className="visually-hidden">{new Date(end).toUTCString()}</span>
    </time>
  );
}
