import type { Env } from "~/platform/env";
import { renderMarkdown } from "~/platform/markdown";

/** Fills in the product name and support address, then renders. */
export function renderLegal(markdown: string, env: Env): string {
  return renderMarkdown(markdown.replaceAll("{product}", env.PRODUCT_NAME).replaceAll("{email}", env.SUPPORT_EMAIL));
}
