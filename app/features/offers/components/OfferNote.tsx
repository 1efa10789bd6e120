import { Countdown } from "~/ui/Countdown";

const endDate = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });

/** Under an offer price: when the offer ends, as a date (always) and a live countdown (ticking with JavaScript). */
export function OfferNote({ endsAt, now }: { endsAt: string | null; now: number }) {
  if (!endsAt || Date.parse(endsAt) <= now) return null;
  return (
    <p className="offer-note">
      Offer price until {endDate.format(new Date(endsAt))}
      <span aria-hidden="true"> · </span>
      <Countdown until={endsAt} now={now} className="offer-note__countdown" /> left
    </p>
  );
}
