/**
 * Where a media URL given to a description call points: one of this app's own uploads in R2
 * (/media/app-media/{appId}/…, relative or on our own origin), or a web address (fetched through
 * the safe fetch). Another app's upload, or any other stored file, is refused. Pure.
 */

/** R2 keys of an app's media library uploads: app-media/{appId}/{file}. */
export const APP_MEDIA_PREFIX = "app-media/";
export const appMediaPrefix = (appId: string) => `${APP_MEDIA_PREFIX}${appId}/`;

export type MediaLocation =
  | { kind: "upload"; key: string }
  | { kind: "web"; url: string }
  | { kind: "refused"; why: string }
  /** A stored file that is not this app's: another app's upload, a profile photo… */
  | { kind: "foreign"; why: string };

/**
 * The location of `raw` for the app `appId`. `origin` is the site's own origin (the request's), so
 * an absolute link to our own /media/ is read from R2 rather than fetched.
 */
export function mediaLocation(raw: string, appId: string, origin?: string): MediaLocation {
  const text = raw.trim();
  let url: URL;
  try {
    url = new URL(text, origin ?? "http://relative.invalid");
  } catch {
    return { kind: "refused", why: "That is not a valid link" };
  }
  const own = text.startsWith("/") || (origin !== undefined && url.origin === new URL(origin).origin);
  if (!own) {
    if (url.protocol !== "http:" && url.protocol !== "https:")
      return { kind: "refused", why: "Only http and https links can be read" };
    return { kind: "web", url: url.toString() };
  }
  if (text.startsWith("//")) return { kind: "refused", why: "That is not a valid link" };
  if (!url.pathname.startsWith("/media/")) return { kind: "refused", why: "That is not a media file" };
  let key: string;
  try {
    key = decodeURIComponent(url.pathname.slice("/media/".length));
  } catch {
    return { kind: "refused", why: "That is not a valid link" };
  }
  if (key.split("/").some((part) => part === ".." || part === "." || part === ""))
    return { kind: "refused", why: "That is not a valid link" };
  if (!key.startsWith(appMediaPrefix(appId))) return { kind: "foreign", why: "That file is not in this app's media" };
  return { kind: "upload", key };
}

/** The file's name as people say it: the last part of the path, without our unique-id prefix. */
export function fileNameOf(location: string): string {
  let path = location;
  try {
    path = new URL(location, "http://relative.invalid").pathname;
  } catch {
    // keep the text as it is
  }
  const last = path.split("/").filter(Boolean).pop() ?? "";
  let name = last;
  try {
    name = decodeURIComponent(last);
  } catch {
    // a malformed escape: the raw name will do
  }
  // Uploads may be stored as {uuid}-{original name}: the name is the original's.
  return name.replace(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}[-_](?=.)/i, "") || "file";
}
