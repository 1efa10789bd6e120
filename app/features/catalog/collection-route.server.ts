import type { AppLoadContext } from "@remix-run/cloudflare";
import { notFound } from "~/platform/http.server";
import { renderMarkdown } from "~/platform/markdown.server";
import { collectionBySlug } from "./catalog.server";

/** The loader body shared by /collections/{slug}, /school/music and /schools/{slug}. */
export async function loadCollectionPage(context: AppLoadContext, slug: string, programType: "collection" | "school") {
  const collection = await collectionBySlug(context.app, slug, programType);
  if (!collection) notFound(`No ${programType} with slug ${slug}`);
  return { collection, descriptionHtml: renderMarkdown(collection.description) };
}
