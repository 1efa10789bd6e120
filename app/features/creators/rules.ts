/** The creator pages' words and rules without I/O (creator-app-builder spec 1, 2 and the waitlist call). */

/** The waitlist_entries list the creator waitlist uses (unique per email and list, so joining twice stores once). */
export const CREATOR_WAITLIST = "creators";

export const creatorMessages = {
  joined: "You're on the creator waitlist. We'll email you when your spot opens.",
  alreadyJoined: "You're already on the list. We'll email you when your spot opens.",
  /** The spec's client raises this when the server gives no message of its own. */
  failed: "Failed to join waitlist",
  unreadableBody: "The body must be JSON or form data",
} as const;

/** /creator and /build show the same page; only the heading changes. */
export type CreatorPageVariant = "creator" | "build";

export function creatorHeading(variant: CreatorPageVariant): string {
  return variant === "build" ? "Build your app" : "Build and sell your own learning app";
}

/** The pitch under the heading: what a creator's app is made of (spec 1). */
export const CREATOR_PITCH =
  "Describe your idea and get a complete app: a public landing page, your own theme, an onboarding questionnaire for new members and a personalized plan for every one of them. Set a monthly or annual price and publish when you're ready.";

export const CREATOR_BENEFITS = [
  {
    title: "From idea to app in minutes",
    text: "Type what your app should do, or brainstorm a few ideas, and shape the blueprint with examples and version history.",
  },
  {
    title: "Plans made for each member",
    text: "Your onboarding questionnaire turns each member's answers into a personalized plan, phase by phase.",
  },
  {
    title: "Your page, your price",
    // Only what exists: the simulator comes with the builder's part 3 (issue 14); the preview is here now.
    text: "Edit your landing page and theme, preview your onboarding and the plan it makes, then sell monthly or annual plans.",
  },
] as const;
