import type { PricedFor } from "./rules";
import type { ProductSummary } from "./products.server";

/** Only what a class card needs: lists keep this (cached, the same for everyone), not the whole product. */
export type ProductCardData = Pick<
  ProductSummary,
  | "id"
  | "title"
  | "classSlug"
  | "storefrontSlug"
  | "creatorName"
  | "category"
  | "coverUrl"
  | "priceInfo"
  | "lessonCount"
  | "totalSeconds"
  | "rating"
  | "crossedPriceApplicableFrom"
  | "specialOnlyVip"
  | "shouldNotHideDiscount"
  | "comingSoon"
>;

/** A card as one visitor sees it: the countdown offer decided, the offer fields gone. */
export type ProductCardView = PricedFor<ProductCardData>;

export function toCard(p: ProductSummary): ProductCardData {
  return {
    id: p.id,
    title: p.title,
    classSlug: p.classSlug,
    storefrontSlug: p.storefrontSlug,
    creatorName: p.creatorName,
    category: p.category,
    coverUrl: p.coverUrl,
    priceInfo: p.priceInfo,
    lessonCount: p.lessonCount,
    totalSeconds: p.totalSeconds,
    rating: p.rating,
    crossedPriceApplicableFrom: p.crossedPriceApplicableFrom,
    specialOnlyVip: p.specialOnlyVip,
    shouldNotHideDiscount: p.shouldNotHideDiscount,
    comingSoon: p.comingSoon,
  };
}
