/**
 * POST /api/data: the standard batched upload (Segment / RudderStack style) our browser batcher
 * sends: { batch: [{ type, event | name, properties | traits, messageId, anonymousId?, userId?,
 * timestamp? }], sentAt? }. Track and page names must be ours (events.ts).
 */
import { z } from "zod";
import { isEventName, isPageView } from "./events";

export const BATCH_MAX_MESSAGES = 100;
export const BODY_MAX_BYTES = 32 * 1024;

const properties = z.record(z.string().max(100), z.unknown()).default({});

const common = {
  // Optional in standard batched uploads: a message without one gets one of its own.
  messageId: z.preprocess(
    (v) => (v === undefined || v === null ? crypto.randomUUID() : v),
    z.string({ invalid_type_error: "messageId must be text" }).trim().min(1, "messageId is required").max(100),
  ),
  anonymousId: z.string().max(100).nullish(),
  userId: z.string().max(100).nullish(),
  timestamp: z.string().datetime({ offset: true }).optional(),
  // Libraries send their own context (library name, page, user agent): accepted, not stored.
  context: z.record(z.unknown()).optional(),
};

const track = z.object({
  type: z.literal("track"),
  event: z.string().refine(isEventName, (name) => ({ message: `Unknown event name '${name.slice(0, 80)}'` })),
  properties,
  ...common,
});

const page = z.object({
  type: z.literal("page"),
  name: z.string().refine(
    (name) => isEventName(name) && isPageView(name),
    (name) => ({ message: `Unknown page name '${name.slice(0, 80)}' (a page is named '<screen> | viewed')` }),
  ),
  properties,
  ...common,
});

/** Identify's traits (spec 7); the server takes names and email from the account, location from the request. */
const traits = z
  .object({
    email: z.string().email().max(200).optional(),
    firstName: z.string().max(100).optional(),
    lastName: z.string().max(100).optional(),
    membershipStatus: z.enum(["active", "inactive", "suspended"]).optional(),
    city: z.string().max(100).optional(),
    countryCode: z
      .string()
      .regex(/^[A-Z]{2}$/, "countryCode is two capital letters")
      .optional(),
  })
  .passthrough();

const identify = z.object({ type: z.literal("identify"), traits: traits.default({}), ...common });

export const messageSchema = z.discriminatedUnion("type", [track, page, identify], {
  errorMap: (issue, ctx) =>
    issue.code === "invalid_union_discriminator"
      ? { message: "type must be 'track', 'page' or 'identify'" }
      : { message: ctx.defaultError },
});

export const batchSchema = z.object({
  batch: z
    .array(messageSchema)
    .min(1, "batch is empty")
    .max(BATCH_MAX_MESSAGES, `A batch holds at most ${BATCH_MAX_MESSAGES} messages`),
  sentAt: z.string().datetime({ offset: true }).optional(),
});

export type BatchMessage = z.infer<typeof messageSchema>;
export type Batch = z.infer<typeof batchSchema>;
