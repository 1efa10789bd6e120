import type { MetaDescriptor } from "@remix-run/cloudflare";
import { shownContentUrl } from "~/db/app-content";
import type { LandingPageData } from "./landing.server";

/** Search and share tags of an app landing page. */
export function landingMeta(
  data: Pick<LandingPageData, "appName" | "landingPage" | "canonical" | "theme"> | null,
): MetaDescriptor[] {
  if (!data) return [{ title: "App not found" }];
  const title = `${data.appName}: ${data.landingPage.hero.title}`;
  const description = (data.landingPage.hero.subtitle || data.landingPage.hero.title).slice(0, 300);
  // The hero picture, else the landing page's screenshot (a PNG made for sharing).
  const shown =
    shownContentUrl(data.landingPage.hero.imageUrl) ??
    shownContentUrl(data.landingPage.screenshots?.find((s) => s.screen === "landing")?.url);
  const image = shown ? new URL(shown, data.canonical).toString() : null;
  return [
    { title },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: data.canonical },
    ...(image ? [{ property: "og:image", content: image }] : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "theme-color", content: data.theme.primaryColor },
    { tagName: "link", rel: "canonical", href: data.canonical },
  ];
}
