/**
 * Pure rules of the creator storefront (/creators/{storefrontSlug}): its addresses, how many classes a
 * page shows, and the share modal's targets. A share target is a plain link to the network's own share
 * page (no third-party script), reached through our /creators/{slug}/share?to= redirect so the choice
 * is recorded; only the targets named here are ever redirected to.
 */

/** Classes per page: three fill a row of the storefront's grid, and "More classes" loads the next three. */
export const STOREFRONT_PAGE_SIZE = 3;

/** Published apps shown on a storefront (a creator rarely has more; the list stops here). */
export const STOREFRONT_APPS_LIMIT = 24;

export const SHARE_TARGETS = ["email", "x", "facebook", "whatsapp"] as const;
export type ShareTarget = (typeof SHARE_TARGETS)[number];
/** What 'share modal shared' records as its target: a network, or the copied link. */
export type SharedVia = ShareTarget | "copy";

export const SHARE_TARGET_LABELS: Record<ShareTarget, string> = {
  email: "Email",
  x: "X (Twitter)",
  facebook: "Facebook",
  whatsapp: "WhatsApp",
};

export function isShareTarget(value: string): value is ShareTarget {
  return (SHARE_TARGETS as readonly string[]).includes(value);
}

export const storefrontPath = (storefrontSlug: string) => `/creators/${encodeURIComponent(storefrontSlug)}`;

/** Our redirect that records the share and sends the visitor on to the target. */
export const sharePath = (storefrontSlug: string, target: ShareTarget) =>
  `${storefrontPath(storefrontSlug)}/share?to=${target}`;

/** The page's address with the share modal open (?share=1) or closed, other parameters kept. */
export function withShareParam(pathAndQuery: string, open: boolean): string {
  const [path, query = ""] = pathAndQuery.split("?");
  const params = new URLSearchParams(query);
  params.delete("share");
  if (open) params.set("share", "1");
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** What a share says about the page: the sentence put before the link. */
export function shareText(creatorName: string, productName: string): string {
  return `${creatorName} teaches on ${productName}. Have a look:`;
}

/**
 * The address a target opens, with the canonical link and the text: email (mailto:), X's post intent,
 * Facebook's sharer and WhatsApp's wa.me link. Fixed hosts; only the link and text vary, encoded.
 */
export function shareTargetUrl(target: ShareTarget, share: { url: string; text: string; subject: string }): string {
  const e = encodeURIComponent;
  switch (target) {
    case "email":
      return `mailto:?subject=${e(share.subject)}&body=${e(`${share.text}\n\n${share.url}`)}`;
    case "x":
      return `https://twitter.com/intent/tweet?text=${e(share.text)}&url=${e(share.url)}`;
    case "facebook":
      return `https://www.facebook.com/sharer/sharer.php?u=${e(share.url)}`;
    case "whatsapp":
      return `https://wa.me/?text=${e(`${share.text} ${share.url}`)}`;
  }
}

/** The first sentence or so of a bio, for the meta description (at most 160 characters). */
export function metaDescription(headline: string, bio: string): string {
  const text = `${headline}. ${bio}`.replace(/\s+/g, " ").trim();
  if (text.length <= 160) return text;
  const cut = text.slice(0, 159);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 100 ? cut.lastIndexOf(" ") : 159)}…`;
}
