import type { Env } from "~/platform/env";
import { loadOnce } from "~/platform/load-once";
import { renderMarkdown } from "~/platform/markdown";

// About 7 KB gzip of text two pages show: a module of its own beside the worker (workers/lazy-modules.mjs).
const legalTexts = loadOnce(() => import("#lazy/legal-texts"));

/** A legal page as HTML: its text with the product name and support address filled in. */
export async function renderLegal(page: "terms" | "privacy", env: Env): Promise<string> {
  const texts = await legalTexts();
  const markdown = page === "terms" ? texts.termsMarkdown : texts.privacyMarkdown;
  return renderMarkdown(markdown.replaceAll("{product}", env.PRODUCT_NAME).replaceAll("{email}", env.SUPPORT_EMAIL));
}
