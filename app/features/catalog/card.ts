import type { ProductSummary } from "./products.server";

/** Only what a class card shows: lists send this to the browser, not the whole product. */
export type ProductCardData = Pick<ProductSummary, "id" | "title" | "classSlug" | "storefrontSlug" | "creatorName" | "category" | "coverUrl" | "priceInfo" | "lessonCount" | "totalSeconds" | "rating">;

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
  };
}
