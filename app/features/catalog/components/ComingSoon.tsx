import { authHref } from "~/features/identity/modal";
import { ButtonLink } from "~/ui/Button";
import { Tag } from "~/ui/Tag";

/**
 * What a coming-soon class or collection page shows instead of its buy buttons: 'Coming soon' and
 * 'Join the waitlist', the auth modal's Join Waitlist form (an address, so it works without
 * JavaScript) carrying the item's list as its source.
 */
export function ComingSoonOffer({ page, list, what }: { page: string; list: string; what: string }) {
  return (
    <div className="coming-soon">
      <p className="coming-soon__badge">
        <Tag>Coming soon</Tag>
      </p>
      <p className="coming-soon__text">
        This {what} isn't on sale yet. Join the waitlist and we'll email you the day it opens.
      </p>
      <ButtonLink to={authHref(page, "JoinWaitlist", { source: list })} size="large" preventScrollReset>
        Join the waitlist
      </ButtonLink>
    </div>
  );
}

/** The small 'Coming soon' mark a card shows in place of its price. */
export function ComingSoonMark() {
  return <p className="price-tag coming-soon-mark">Coming soon</p>;
}
