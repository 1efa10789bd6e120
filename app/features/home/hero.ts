/** The home hero's words (spec "Hero data"). {product} is the product name; prices come from the catalogue. */
import { formatCents } from "~/platform/format";

export interface HeroData {
  title: string;
  description: string;
  pricingText: string;
  backgroundUrl: string;
  mobileBackgroundUrl: string;
}

export function heroData(
  productName: string,
  prices: { lowestClassCents: number | null; membershipCents: number | null },
): HeroData {
  const parts = [
    prices.lowestClassCents !== null
      ? `Classes from ${formatCents(prices.lowestClassCents, { dropZeroCents: true })}`
      : null,
    prices.membershipCents !== null
      ? `or every class with ${productName} Membership for ${formatCents(prices.membershipCents, { dropZeroCents: true })} a year`
      : null,
  ].filter(Boolean);
  return {
    title: "Learn music from the artists who make it",
    description: `Guitar, piano, vocals, production, DJing and more: step-by-step video classes from working musicians. Watch at your pace, keep your progress on every device, and play along from lesson one.`,
    pricingText: parts.length ? `${parts.join(", ")}.` : "",
    backgroundUrl: "/hero/desktop.svg",
    mobileBackgroundUrl: "/hero/mobile.svg",
  };
}
