/**
 * What an app media item is: an upload (image, audio, video, pdf) or a link of some kind. Its own
 * module so the library's screens can name the types without bundling the data model (schema.ts).
 */
export const MEDIA_TYPES = ["image", "audio", "video", "pdf", "link", "youtube", "podcast", "channel"] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
