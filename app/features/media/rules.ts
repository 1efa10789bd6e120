/**
 * The media library's pure rules (creator-app-builder spec 3 "App media", "Topic", 4 "Media", 5, 9;
 * issue 20): page sizes, the cursors, which links are accepted, which kinds may be parents and
 * children, how metadata changes merge, and when a media item is "in the blueprint". No I/O here:
 * the services (./media.server.ts, ./topics.server.ts) and the unit tests call these.
 */
import type { Blueprint } from "~/db/app-content";
import { MEDIA_TYPES, type MediaType } from "~/db/media-types";

export { MEDIA_TYPES, type MediaType };

/** Spec 9: the library's page (getAppMedia and the other media lists) and media ids for a topic. */
export const MEDIA_PAGE_SIZE = 30;
export const MEDIA_PAGE_MAX = 100;
export const TOPIC_MEDIA_IDS_DEFAULT = 100;
export const TOPIC_MEDIA_IDS_MAX = 1000;
/** expandParentsPreview: how many of a parent's newest children come with it. */
export const CHILD_PREVIEW_DEFAULT = 3;
export const CHILD_PREVIEW_MAX = 10;
export const TOPICS_PER_APP_MAX = 100;
export const TOPIC_NAME_MAX = 60;
export const TOPICS_PER_CALL_MAX = 50;
/** Metadata is the creator's and the describers' notes about an item, not a file store. */
export const METADATA_MAX_BYTES = 16 * 1024;
export const URL_MAX = 2048;

/** Uploads are files in R2; the others are links to pages or services elsewhere. */
export const UPLOAD_TYPES = ["image", "audio", "video", "pdf"] as const satisfies readonly MediaType[];
export const LINK_TYPES = ["link", "youtube", "podcast", "channel"] as const satisfies readonly MediaType[];
/** Podcasts and channels hold episodes and videos: the only parents, and never children themselves. */
export const PARENT_TYPES = ["podcast", "channel"] as const satisfies readonly MediaType[];

export const isUploadType = (type: MediaType) => (UPLOAD_TYPES as readonly string[]).includes(type);
export const isParentType = (type: MediaType): type is "podcast" | "channel" =>
  (PARENT_TYPES as readonly string[]).includes(type);

export const mediaMessages = {
  appNotFound: "App not found",
  notYours: "You do not have access to this app",
  mediaNotFound: "Media not found",
  topicNotFound: "Topic not found",
  badCursor: "The cursor is not one this list gave",
  badTypes: `onlyTypes must be a comma list of ${MEDIA_TYPES.join(", ")}`,
  linkUrl: "The link must be a web address starting with http:// or https://",
  fileUrl: "The url must be a web address (http:// or https://) or a file uploaded to this app's library (/media/…)",
  noStoredFile: "There is no uploaded file at this url",
  notThisLibrary: "The url must be a web address on another site or a file uploaded to this app's library",
  typeMismatch: (stored: string, claimed: string) => `The file at this url is ${stored}, not ${claimed}`,
  parentNotFound: "The parent must be a podcast or a channel in this app's library",
  parentOfParent: "A podcast or a channel cannot be inside another one",
  ownParent: "An item cannot be its own parent",
  metadataTooLarge: "metadata must be at most 16 KB of JSON",
  topicNameRequired: "Give the topic a name",
  topicNameTooLong: `A topic name can be at most ${TOPIC_NAME_MAX} characters`,
  topicNameTaken: (name: string) => `There is already a topic named '${name}'`,
  tooManyTopics: `An app can have at most ${TOPICS_PER_APP_MAX} topics`,
  topicOrder: "List every topic of the app exactly once",
  noFile: "Choose a file to upload",
  imageFailed: "Failed to generate image",
} as const;

// ---------------------------------------------------------------- cursors

/**
 * A page-after cursor over (a time, the item's id): newest first (or oldest first when ascending).
 * Written "<ms>:<mediaId>" so two items of the same millisecond are never skipped; a bare "<ms>" is
 * also taken (everything strictly before that time), as the spec's cursorCreatedAt names a time.
 */
export interface TimeCursor {
  at: number;
  id: string | null;
}

export const encodeTimeCursor = (at: number, id: string) => `${at}:${id}`;

export function decodeTimeCursor(value: string): TimeCursor | null {
  const match = /^(\d{1,16})(?::([A-Za-z0-9-]{1,64}))?$/.exec(value.trim());
  if (!match) return null;
  return { at: Number(match[1]), id: match[2] ?? null };
}

/** The next page's cursor: the last item's, when the page was full and more may follow. */
export function nextCursorOf<T>(rows: T[], limit: number, cursorOf: (last: T) => string): string | null {
  if (rows.length <= limit) return null;
  return cursorOf(rows[limit - 1]!);
}

/** onlyTypes=image,audio → the types; null when a name is not a media type. Empty text is no filter. */
export function parseTypeList(value: string): MediaType[] | null {
  const names = value
    .split(",")
    .map((n) => n.trim())
    .filter(Boolean);
  if (!names.every((n) => (MEDIA_TYPES as readonly string[]).includes(n))) return null;
  return [...new Set(names)] as MediaType[];
}

// ---------------------------------------------------------------- urls

/** An absolute http(s) address, or null. */
export function webUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

/** A file in our own storage: /media/<key>, without a way out of the key space. */
export const isStoredMediaUrl = (value: string) =>
  /^\/media\/[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(value) && !value.includes("..");

const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/** A host name as compared: lower case, without the trailing dot a fully qualified name may carry. */
const bareHost = (host: string) => host.toLowerCase().replace(/\.$/, "");

/**
 * Where a library item's url points, before its type is checked. An address on our own site (a path,
 * or an absolute address on `ownOrigin`'s host, whatever its scheme or port, but for another port of a
 * loopback host, which is another local server) is taken only as a file
 * of this app's own library (/media/app-media/{appId}/…), answered as its /media path; anything else
 * of ours (someone else's upload, another app's file, a profile photo, a page) is `elsewhere`, decided
 * by the address alone, so the refusal says nothing of whether a file is there. Any other text is
 * `outside`, for urlProblem to judge.
 */
export function libraryPlace(
  raw: string,
  appId: string,
  ownOrigin: string,
): { place: "library" | "outside"; url: string } | { place: "elsewhere" } {
  const text = raw.trim();
  let path: string | null = null;
  if (text.startsWith("/") && !text.startsWith("//")) path = text;
  else {
    const web = webUrl(text);
    const own = new URL(ownOrigin);
    // Ours: this host on any port (a deployed site answers on several). On a loopback host (a local
    // run) another port named in the address is another server, such as the page server beside `npm start`.
    const samePort = !LOOPBACK_HOST.test(bareHost(own.hostname)) || !web?.port || web.port === own.port;
    if (web && bareHost(web.hostname) === bareHost(own.hostname) && samePort)
      path = web.pathname + web.search + web.hash;
  }
  if (path === null) return { place: "outside", url: text };
  if (isStoredMediaUrl(path) && path.startsWith(`/media/app-media/${appId}/`)) return { place: "library", url: path };
  return { place: "elsewhere" };
}

/**
 * Which url a media item of `type` may have: a link type needs a web address; an upload type a web
 * address or one of our stored files (whose stored kind the service then checks). Null when fine.
 */
export function urlProblem(type: MediaType, url: string): string | null {
  if (url.length > URL_MAX) return `The url can be at most ${URL_MAX} characters`;
  if (!isUploadType(type)) return webUrl(url) ? null : mediaMessages.linkUrl;
  return webUrl(url) || isStoredMediaUrl(url) ? null : mediaMessages.fileUrl;
}

/** The kind (image, audio, video, pdf) a stored content type is, or null for anything else. */
export function kindOfContentType(contentType: string): MediaType | null {
  const base = contentType.split(";")[0]!.trim().toLowerCase();
  if (base === "application/pdf") return "pdf";
  const family = base.split("/")[0];
  return family === "image" || family === "audio" || family === "video" ? family : null;
}

const ONLINE_VIDEO_HOSTS = ["youtube.com", "youtu.be", "youtube-nocookie.com"];

/**
 * A file on the web, by the ending of its address. Only a first guess for a link nobody named: the
 * describer reads the file's own bytes, and says so when they are not what the name promised.
 */
const FILE_ENDINGS: Record<string, "video" | "audio" | "pdf"> = {
  mp4: "video",
  m4v: "video",
  mov: "video",
  webm: "video",
  mkv: "video",
  mp3: "audio",
  m4a: "audio",
  aac: "audio",
  wav: "audio",
  ogg: "audio",
  oga: "audio",
  opus: "audio",
  flac: "audio",
  pdf: "pdf",
};

/** What a library link can be: a page or service, or a video, audio or PDF file on the web. */
export const LINKABLE_TYPES = [...LINK_TYPES, "video", "audio", "pdf"] as const satisfies readonly MediaType[];
export type LinkableType = (typeof LINKABLE_TYPES)[number];

/** The type updateAppMedia gives a url it has not seen: an online video, a media file, else a web page. */
export function linkTypeOf(url: URL): "youtube" | "link" | "video" | "audio" | "pdf" {
  const host = url.hostname.toLowerCase();
  if (ONLINE_VIDEO_HOSTS.some((h) => host === h || host.endsWith(`.${h}`))) return "youtube";
  const ending = /\.([a-z0-9]{2,4})$/i.exec(url.pathname)?.[1]?.toLowerCase();
  return (ending && FILE_ENDINGS[ending]) || "link";
}

// ---------------------------------------------------------------- fields

/**
 * A metadata change merged into what is stored: the given keys replace theirs, a key given as null
 * is removed, the others stay (so a description written by one call survives a title set by another).
 */
export function mergeMetadata(
  stored: Record<string, unknown> | null,
  change: Record<string, unknown>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...(stored ?? {}) };
  for (const [key, value] of Object.entries(change)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

export const metadataFits = (metadata: Record<string, unknown>) =>
  new TextEncoder().encode(JSON.stringify(metadata)).length <= METADATA_MAX_BYTES;

/** The parent link a child of `parent` carries: parentMediaId and podcastId or channelId = the parent's id. */
export function parentLinks(parent: { id: string; type: MediaType } | null): {
  parentMediaId: string | null;
  podcastId: string | null;
  channelId: string | null;
} {
  if (!parent) return { parentMediaId: null, podcastId: null, channelId: null };
  return {
    parentMediaId: parent.id,
    podcastId: parent.type === "podcast" ? parent.id : null,
    channelId: parent.type === "channel" ? parent.id : null,
  };
}

/** A topic's name, trimmed with inner runs of space made one; an error in words when unusable. */
export function topicName(raw: string): { name: string } | { error: string } {
  const name = raw.trim().replace(/\s+/g, " ");
  if (!name) return { error: mediaMessages.topicNameRequired };
  if (name.length > TOPIC_NAME_MAX) return { error: mediaMessages.topicNameTooLong };
  return { name };
}

/** `order` moved: the item taken out and put at `toIndex` (clamped to the list). */
export function moveTo<T>(order: T[], item: T, toIndex: number): T[] {
  const rest = order.filter((x) => x !== item);
  const at = Math.max(0, Math.min(toIndex, rest.length));
  return [...rest.slice(0, at), item, ...rest.slice(at)];
}

/** Whether `proposed` lists every one of `current` exactly once (a reorder, nothing added or lost). */
export function isPermutation(current: string[], proposed: string[]): boolean {
  if (current.length !== proposed.length) return false;
  const wanted = new Set(current);
  return new Set(proposed).size === proposed.length && proposed.every((id) => wanted.has(id));
}

// ---------------------------------------------------------------- the blueprint

/**
 * The blueprint's words a media item can be named in: every text of every item (a story's title
 * and body, a quiz's questions and options, an activity's title and cards), never the items' ids.
 * The phases and the summary fields describe the plan, not content a file is used in.
 */
export function blueprintTexts(blueprint: Blueprint | null): string[] {
  const texts: string[] = [];
  const walk = (value: unknown, key: string | null) => {
    if (typeof value === "string") {
      if (key !== "id" && key !== "kind") texts.push(value);
    } else if (Array.isArray(value)) value.forEach((v) => walk(v, null));
    else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) walk(v, k);
  };
  walk(blueprint?.items ?? [], null);
  return texts;
}

/** Characters that end a url or an id written in Markdown or prose: it is named there whole. */
const ENDS_A_NAME = /[\s)\]>"'`<,;|]/;

/** Whether `needle` appears in `text` as a whole url or id, not as the start of a longer one. */
export function names(text: string, needle: string): boolean {
  if (!needle) return false;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) {
    const after = text[at + needle.length];
    // A trailing '.' ends a sentence ("see https://a.b/c.") unless more of a url follows it.
    const next = text[at + needle.length + 1];
    if (after === undefined || ENDS_A_NAME.test(after) || (after === "." && (next === undefined || /\s/.test(next))))
      return true;
  }
  return false;
}

/**
 * isInBlueprint, re-derived (syncMediaFlagsFromBlueprint): an item is in the blueprint when any
 * blueprint item's text names its url (as a Markdown link or image, or written out; an upload's
 * "/media/…" path also matches inside its absolute address) or its mediaId (the builder's "use in
 * blueprint" may refer to an item as media:<mediaId>). Answers the ids that are in it.
 */
export function mediaInBlueprint(blueprint: Blueprint | null, media: { id: string; url: string }[]): Set<string> {
  const texts = blueprintTexts(blueprint);
  const found = new Set<string>();
  for (const item of media) if (texts.some((text) => names(text, item.url) || names(text, item.id))) found.add(item.id);
  return found;
}

// ---------------------------------------------------------------- generated images

/** The picture's shape for where it is used: wide for heroes, banners and covers, else square. */
export function imageSizeFor(imageContext: string): { width: number; height: number } {
  if (/\b(hero|banner|cover|header|landing|wide|og)\b/i.test(imageContext)) return { width: 1200, height: 630 };
  if (/\b(portrait|phone|vertical)\b/i.test(imageContext)) return { width: 720, height: 1280 };
  return { width: 1024, height: 1024 };
}
