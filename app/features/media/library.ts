/**
 * How a library item reads to a person: its title, its card description, its type's label and the
 * Markdown that presents it in the blueprint. Shared by the library screen and its server (pure).
 *
 * The metadata keys the library reads (written by uploads, link previews and the describers):
 * title, fileName, description (the card's, short), longDescription (the blueprint's), siteName,
 * image (a preview picture), durationSeconds, pages.
 */
import { MEDIA_MAX_BYTES } from "~/platform/adapters/storage/sniff";
import { builderPath } from "~/features/builder/rules";
import { MEDIA_TYPES, type MediaType } from "./rules";

const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** What the upload form says it takes (the storage adapter's limits, checked on the server). */
export const MEDIA_UPLOAD_HINT =
  `Images up to ${mb(MEDIA_MAX_BYTES.image)}, audio up to ${mb(MEDIA_MAX_BYTES.audio)}, ` +
  `video up to ${mb(MEDIA_MAX_BYTES.video)} and PDFs up to ${mb(MEDIA_MAX_BYTES.pdf)}.`;

export interface LibraryItem {
  mediaId: string;
  type: MediaType;
  url: string;
  metadata: Record<string, unknown> | null;
  thumbnailUrl: string | null;
}

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);

export const MEDIA_TYPE_LABELS: Record<MediaType, string> = {
  image: "Image",
  audio: "Audio",
  video: "Video",
  pdf: "PDF",
  link: "Link",
  youtube: "Online video",
  podcast: "Podcast",
  channel: "Channel",
};

/** The item's name: its title, else the uploaded file's name, else the link's address without https://. */
const FILE_TYPES: readonly MediaType[] = ["image", "audio", "video", "pdf"];

export function mediaTitle(item: LibraryItem): string {
  const named = text(item.metadata?.title) ?? text(item.metadata?.fileName);
  if (named) return named;
  try {
    const url = new URL(item.url, "https://library.invalid");
    if (url.hostname === "library.invalid") return `${MEDIA_TYPE_LABELS[item.type]} ${item.mediaId.slice(0, 8)}`;
    // A file on the web is known by its file name, as an upload is; a page by its address.
    const file = decodeURIComponent(url.pathname.split("/").pop() ?? "");
    if (FILE_TYPES.includes(item.type) && /\.[A-Za-z0-9]{2,4}$/.test(file)) return file.slice(0, 80);
    return `${url.hostname.replace(/^www\./, "")}${url.pathname === "/" ? "" : url.pathname}`.slice(0, 80);
  } catch {
    return item.url.slice(0, 80);
  }
}

/** The card's description, when the item has been described. */
export const mediaDescription = (item: LibraryItem): string | null =>
  text(item.metadata?.description) ?? text(item.metadata?.longDescription);

/** The kinds the describers read (images get theirs from the AI layer's image reading). */
const DESCRIBABLE: readonly MediaType[] = ["image", "audio", "video", "pdf", "link", "youtube"];
export const isDescribable = (item: LibraryItem) => DESCRIBABLE.includes(item.type);

/** The description jobs of the items on a page, by job id (the library loader's `describing`). */
export type DescribeJobs = Record<string, { status: string; progress: number }>;

/** The job describing `item` now, if the page knows it. */
export const describeJobOf = (item: LibraryItem, jobs: DescribeJobs) =>
  typeof item.metadata?.describeJobId === "string" ? (jobs[item.metadata.describeJobId] ?? null) : null;

/** A description is on its way (marked when it started, cleared by the job that writes it). */
export function isDescribing(item: LibraryItem, jobs: DescribeJobs = {}): boolean {
  if (typeof item.metadata?.describing !== "number" || mediaDescription(item)) return false;
  // A mark older than the job runner's longest retries is a description that never came back.
  if (Date.now() - item.metadata.describing >= DESCRIBING_GIVES_UP_MS) return false;
  const job = describeJobOf(item, jobs);
  // A job that has finished without writing (an earlier one answered again) is not on its way.
  return !job || job.status === "queued" || job.status === "running";
}

const DESCRIBING_GIVES_UP_MS = 15 * 60_000;

/** "2:05" for a duration in seconds. */
export function durationText(seconds: unknown): string | null {
  if (typeof seconds !== "number" || !Number.isFinite(seconds) || seconds <= 0) return null;
  // A recording shorter than a second still shows as one: "0:00" reads as empty.
  const s = Math.max(1, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${rest}` : `${m}:${rest}`;
}

/** The picture a card shows: the image itself, the item's thumbnail, or a link's preview picture. */
export function mediaPicture(item: LibraryItem): string | null {
  if (item.type === "image") return item.url;
  return item.thumbnailUrl ?? text(item.metadata?.image);
}

/** Markdown that presents the item in a blueprint story: the picture or a link, and its description. */
export function libraryItemMarkdown(item: LibraryItem): string {
  const title = mediaTitle(item).replace(/[[\]]/g, "");
  const about = text(item.metadata?.longDescription) ?? text(item.metadata?.description);
  const head = item.type === "image" ? `![${title}](${item.url})` : `[${title}](${item.url})`;
  return about ? `${head}\n\n${about}` : head;
}

/** The library view a page or a post is about, read from the address. */
export interface LibraryView {
  type: MediaType | null;
  topicId: string | null;
  showHidden: boolean;
  list: boolean;
  parentId: string | null;
}

export function viewOf(url: URL): LibraryView {
  const type = url.searchParams.get("type");
  return {
    type: (MEDIA_TYPES as readonly string[]).includes(type ?? "") ? (type as MediaType) : null,
    topicId: url.searchParams.get("topic")?.slice(0, 64) || null,
    showHidden: url.searchParams.get("hidden") === "1",
    list: url.searchParams.get("view") === "list",
    parentId: url.searchParams.get("parent")?.slice(0, 64) || null,
  };
}

/** The library's address for a view (the filters a creator chose stay as they move around). */
export function libraryPath(appId: string, view: Partial<LibraryView>, extra: Record<string, string> = {}): string {
  return builderPath(appId, {
    mode: "media",
    type: view.type ?? undefined,
    topic: view.topicId ?? undefined,
    hidden: view.showHidden ? "1" : undefined,
    view: view.list ? "list" : undefined,
    parent: view.parentId ?? undefined,
    ...extra,
  });
}
