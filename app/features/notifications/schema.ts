/** Notification inputs: the admin's announcement form and the 'Mark all as read' form. */
import { z } from "zod";
import { isSafeLink } from "./rules";

export const ANNOUNCEMENT_TITLE_MAX = 120;
export const ANNOUNCEMENT_BODY_MAX = 1000;

export const announcementSchema = z.object({
  title: z
    .string({ required_error: "Give the announcement a title." })
    .trim()
    .min(1, "Give the announcement a title.")
    .max(ANNOUNCEMENT_TITLE_MAX, `The title is at most ${ANNOUNCEMENT_TITLE_MAX} characters.`),
  body: z
    .string()
    .trim()
    .max(ANNOUNCEMENT_BODY_MAX, `The message is at most ${ANNOUNCEMENT_BODY_MAX} characters.`)
    .optional()
    .default(""),
  link: z
    .string()
    .trim()
    .max(500, "The link is at most 500 characters.")
    .optional()
    .transform((v) => v || null)
    .refine(
      (v) => v === null || isSafeLink(v),
      "The link must be a path on this site (/classes) or an http(s) address.",
    ),
  /** Made when the form rendered: a double click or a resubmitted form announces once. */
  idempotencyKey: z
    .string({ required_error: "Reload the page and try again." })
    .regex(/^[A-Za-z0-9_-]{16,64}$/, "Reload the page and try again."),
});
export type AnnouncementInput = z.infer<typeof announcementSchema>;

/** 'Mark all as read': up to the newest notification the page showed, so one that arrived since stays new. */
export const markSeenSchema = z.object({
  seenUpTo: z.coerce
    .number({ invalid_type_error: "Reload the page and try again." })
    .int()
    .min(0)
    .max(8_640_000_000_000_000),
});
