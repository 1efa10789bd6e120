/**
 * Inputs of the media library's calls (creator-app-builder spec 7 "Media library and topics"; issue
 * 20), one zod schema each, shared by the JSON API routes and the library screen. Queries arrive as
 * text, so numbers are coerced and flags read "true"/"false"; bodies may be JSON or form fields.
 * Spec 5: the optional fields are taken only when present, the two flags only as booleans.
 */
import { z } from "zod";
import { idField } from "~/platform/id-field";
import {
  CHILD_PREVIEW_DEFAULT,
  CHILD_PREVIEW_MAX,
  decodeTimeCursor,
  MEDIA_PAGE_MAX,
  MEDIA_PAGE_SIZE,
  MEDIA_TYPES,
  mediaMessages,
  metadataFits,
  parseTypeList,
  TOPIC_MEDIA_IDS_DEFAULT,
  TOPIC_MEDIA_IDS_MAX,
  TOPIC_NAME_MAX,
  TOPICS_PER_CALL_MAX,
  URL_MAX,
  type TimeCursor,
} from "./rules";

const id = idField;

const limit = (fallback: number, max: number) =>
  z.coerce
    .number({ invalid_type_error: `limit must be a number between 1 and ${max}` })
    .int(`limit must be a whole number between 1 and ${max}`)
    .min(1, `limit must be between 1 and ${max}`)
    .max(max, `limit must be between 1 and ${max}`)
    .default(fallback);

/** A query flag: "true"/"1" or "false"/"0"; absent is false. */
const queryFlag = (name: string) =>
  z
    .enum(["true", "false", "1", "0"], { errorMap: () => ({ message: `${name} must be true or false` }) })
    .optional()
    .transform((v) => v === "true" || v === "1");

/** A body flag: a boolean (JSON) or "true"/"false" (a form); null or absent is "not given". */
const bodyFlag = (name: string) =>
  z
    .union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")], {
      errorMap: () => ({ message: `${name} must be true or false` }),
    })
    .nullish()
    .transform((v) => (typeof v === "boolean" ? v : undefined));

const timeCursor = (name: string) =>
  z
    .string()
    .trim()
    .max(100)
    .transform((value, ctx): TimeCursor | null => {
      if (value === "") return null;
      const cursor = decodeTimeCursor(value);
      if (!cursor) ctx.addIssue({ code: "custom", message: `${name}: ${mediaMessages.badCursor}` });
      return cursor;
    })
    .optional()
    .transform((v) => v ?? null);

const mediaType = z.enum(MEDIA_TYPES, {
  errorMap: () => ({ message: `type must be one of ${MEDIA_TYPES.join(", ")}` }),
});

const url = (name: string) =>
  z
    .string({ required_error: `${name} is required`, invalid_type_error: `${name} must be text` })
    .trim()
    .min(1, `${name} is required`)
    .max(URL_MAX, `${name} can be at most ${URL_MAX} characters`);

const metadata = z
  .record(z.unknown(), { invalid_type_error: "metadata must be an object" })
  .refine(metadataFits, mediaMessages.metadataTooLarge)
  .optional();

/** A form sends metadata as JSON text; a JSON body as an object. */
const metadataField = z.preprocess((v) => {
  if (typeof v !== "string") return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}, metadata);

/** The latest time a Date can hold (year 275760): beyond it a number is no date. */
const MAX_TIME = 8.64e15;

/** A time: milliseconds since 1970, or a date text (an episode's publication date). */
const time = z
  .union([z.number().int().nonnegative().max(MAX_TIME), z.string().trim().min(1).max(64)], {
    errorMap: () => ({ message: "uploadDate must be a date" }),
  })
  .transform((v, ctx) => {
    const ms = typeof v === "number" ? v : /^\d+$/.test(v) ? Number(v) : Date.parse(v);
    if (!Number.isFinite(ms) || ms < 0 || ms > MAX_TIME)
      ctx.addIssue({ code: "custom", message: "uploadDate must be a date" });
    return ms;
  })
  .optional();

const optionalId = (name: string) =>
  z
    .string()
    .trim()
    .max(64, `${name} is too long`)
    .optional()
    .transform((v) => v || undefined);

// ---------------------------------------------------------------- reads

export const appMediaQuery = z.object({
  appId: id("appId"),
  limit: limit(MEDIA_PAGE_SIZE, MEDIA_PAGE_MAX),
  cursorCreatedAt: timeCursor("cursorCreatedAt"),
  onlyTypes: z
    .string()
    .max(200)
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return null;
      const types = parseTypeList(value);
      if (!types) ctx.addIssue({ code: "custom", message: mediaMessages.badTypes });
      return types && types.length ? types : null;
    }),
  inBlueprintOnly: queryFlag("inBlueprintOnly"),
  podcastId: optionalId("podcastId"),
  channelId: optionalId("channelId"),
  topicId: optionalId("topicId"),
  excludeHidden: queryFlag("excludeHidden"),
  /** A parent's id lists its children; "none" lists only the top level (items without a parent). */
  parentMediaId: optionalId("parentMediaId"),
});
export type AppMediaQuery = z.output<typeof appMediaQuery>;

export const appMediaByIdQuery = z.object({ appId: id("appId"), mediaId: id("mediaId") });

export const mediaForTopicQuery = z.object({
  topicId: id("topicId"),
  limit: limit(MEDIA_PAGE_SIZE, MEDIA_PAGE_MAX),
  excludeHidden: queryFlag("excludeHidden"),
  cursorOrderNum: z.coerce
    .number({ invalid_type_error: "cursorOrderNum must be a number" })
    .int("cursorOrderNum must be a whole number")
    .min(-1, "cursorOrderNum must be a number this list gave")
    .max(Number.MAX_SAFE_INTEGER, "cursorOrderNum must be a number this list gave")
    .optional(),
  expandParentsPreview: queryFlag("expandParentsPreview"),
  childLimit: z.coerce
    .number({ invalid_type_error: `childLimit must be between 1 and ${CHILD_PREVIEW_MAX}` })
    .int(`childLimit must be between 1 and ${CHILD_PREVIEW_MAX}`)
    .min(1, `childLimit must be between 1 and ${CHILD_PREVIEW_MAX}`)
    .max(CHILD_PREVIEW_MAX, `childLimit must be between 1 and ${CHILD_PREVIEW_MAX}`)
    .default(CHILD_PREVIEW_DEFAULT),
});
export type MediaForTopicQuery = z.output<typeof mediaForTopicQuery>;

export const mediaByParentQuery = z.object({
  parentMediaId: id("parentMediaId"),
  limit: limit(MEDIA_PAGE_SIZE, MEDIA_PAGE_MAX),
  cursorUploadDate: timeCursor("cursorUploadDate"),
  ascending: queryFlag("ascending"),
});
export type MediaByParentQuery = z.output<typeof mediaByParentQuery>;

export const topicsForMediaQuery = z.object({ mediaId: id("mediaId") });
export const mediaIdsForTopicQuery = z.object({
  topicId: id("topicId"),
  limit: limit(TOPIC_MEDIA_IDS_DEFAULT, TOPIC_MEDIA_IDS_MAX),
});
export const topicsForAppQuery = z.object({ appId: id("appId") });

// ---------------------------------------------------------------- writes

/** The fields a save or an update may set besides the url (spec 5's optional fields, and the parent). */
const optionalFields = {
  metadata: metadataField,
  thumbnailUrl: url("thumbnailUrl").optional(),
  isInBlueprint: bodyFlag("isInBlueprint"),
  isHiddenInLibrary: bodyFlag("isHiddenInLibrary"),
};

export const saveMediaBody = z.object({
  appId: id("appId"),
  type: mediaType,
  url: url("url"),
  ...optionalFields,
  parentMediaId: optionalId("parentMediaId"),
  uploadDate: time,
});
export type SaveMediaInput = Omit<z.output<typeof saveMediaBody>, "appId">;

/** updateAppMedia: the item with this url in the app (made, as a link or a stored file, when there is none). */
export const updateMediaByUrlBody = z.object({ appId: id("appId"), url: url("url"), ...optionalFields });
export type UpdateMediaByUrlInput = Omit<z.output<typeof updateMediaByUrlBody>, "appId">;

/** updateAppMediaById: only the fields sent change; thumbnailUrl and parentMediaId may be cleared with null. */
export const updateMediaByIdBody = z
  .object({
    appId: id("appId"),
    mediaId: id("mediaId"),
    url: url("url").optional(),
    metadata: metadataField,
    thumbnailUrl: url("thumbnailUrl").nullable().optional(),
    isInBlueprint: bodyFlag("isInBlueprint"),
    isHiddenInLibrary: bodyFlag("isHiddenInLibrary"),
    parentMediaId: z.string().trim().max(64, "parentMediaId is too long").nullable().optional(),
    uploadDate: time,
  })
  .strict();
export type UpdateMediaByIdInput = Omit<z.output<typeof updateMediaByIdBody>, "appId" | "mediaId">;

export const appIdBody = z.object({ appId: id("appId") });
export const deleteMediaBody = z.object({ appId: id("appId"), mediaId: id("mediaId") });

const topicIds = z
  .array(id("topicId"), { required_error: "topicIds is required", invalid_type_error: "topicIds must be a list" })
  .max(TOPICS_PER_CALL_MAX, `At most ${TOPICS_PER_CALL_MAX} topics a call`);

export const mediaTopicsBody = z.object({ appId: id("appId"), mediaId: id("mediaId"), topicIds });

const name = z
  .string({ required_error: "Give the topic a name", invalid_type_error: "name must be text" })
  .max(TOPIC_NAME_MAX * 4, `A topic name can be at most ${TOPIC_NAME_MAX} characters`);

export const createTopicBody = z.object({ appId: id("appId"), name });
export const renameTopicBody = z.object({ topicId: id("topicId"), name });
export const deleteTopicBody = z.object({ topicId: id("topicId") });
export const reorderTopicsBody = z.object({
  appId: id("appId"),
  topicIds: z.array(id("topicId"), { required_error: "topicIds is required" }).max(200),
});
export const moveMediaInTopicBody = z.object({
  topicId: id("topicId"),
  mediaId: id("mediaId"),
  toIndex: z.coerce
    .number({ invalid_type_error: "toIndex must be a number" })
    .int("toIndex must be a whole number")
    .min(0, "toIndex must be 0 or more")
    .max(100_000, "toIndex is past the end of any topic"),
});

/** The upload form's fields besides the file (multipart: appId, file, and optionally where it goes). */
export const uploadFields = z.object({
  appId: id("appId"),
  parentMediaId: optionalId("parentMediaId"),
  topicId: optionalId("topicId"),
});

export const generateImageBody = z.object({
  appId: id("appId"),
  imageContext: z.string().trim().max(300, "imageContext can be at most 300 characters").default(""),
  prompt: z
    .string({ required_error: "Describe the image in prompt", invalid_type_error: "prompt must be text" })
    .trim()
    .min(1, "Describe the image in prompt")
    .max(1000, "prompt can be at most 1000 characters"),
});
