import { ButtonLink } from "~/ui/Button";
import { SUBSCRIPTION_MESSAGES } from "../rules";

/**
 * Where a page shows what the visitor's membership gives them and it could not be read: spec 8's
 * 'Failed to fetch subscription status' and a way to ask again (this page once more: a plain link, so
 * it works without JavaScript), never the page of someone without a membership.
 */
export function MembershipUnread({ retryHref }: { retryHref: string }) {
  return (
    <div className="membership-unread" role="alert">
      <p className="membership-unread__message">{SUBSCRIPTION_MESSAGES.fetchFailed}</p>
      <ButtonLink to={retryHref} variant="secondary" size="medium">
        Try again
      </ButtonLink>
    </div>
  );
}
