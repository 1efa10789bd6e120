/** The home page's call to action (a shared CTA source keyed to the Home page). */
export const HOME_SCROLL_OFFSET_PX = 120;
export const VERTICALS_SECTION_ID = "verticals";

export type HomeCta =
  | { text: "Go to Dashboard"; href: "/v2/dashboard"; scrolls: false }
  | { text: "Explore Classes"; href: `#${typeof VERTICALS_SECTION_ID}`; scrolls: true };

/** Active members go to their dashboard; everyone else scrolls to the verticals preview. */
export function homeCta({ isActiveMember }: { isActiveMember: boolean }): HomeCta {
  return isActiveMember
    ? { text: "Go to Dashboard", href: "/v2/dashboard", scrolls: false }
    : { text: "Explore Classes", href: `#${VERTICALS_SECTION_ID}`, scrolls: true };
}
