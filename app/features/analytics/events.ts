/** Analytics event names (spec 2 "Screens named by analytics", spec 9: fixed 'page | action' strings). */
export const EVENTS = {
  cartItemAdded: "shopping cart | item added",
  cartItemDeleted: "shopping cart | item deleted",
  cartAllItemsAdded: "shopping cart | all items added",
  paymentSubmitSuccess: "checkout | payment submit success",
  paymentSubmitFailure: "checkout | payment submit failure",
  purchaseSuccess: "checkout | purchase success",
  createAccountSuccess: "create account | success",
  homeLandingViewed: "home landing page | viewed",
  productLandingViewed: "product landing page | viewed",
  checkoutViewed: "checkout | viewed",
} as const;

export type EventName = (typeof EVENTS)[keyof typeof EVENTS];

/** Every '<page> | viewed' event is a page view (the analytics charts count them together). */
export const PAGE_VIEW_SUFFIX = " | viewed";
