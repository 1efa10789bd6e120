/** The admin's 'Add a lesson' form: its schema and how it names a class. Pure. */
import { z } from "zod";
import { UUID_PATTERN } from "~/platform/format";

/** A class named by its id, by "storefront/class", or by its page address (/classes/{storefront}/{class}, full URL or path). */
export type ClassReference = { id: string } | { storefrontSlug: string; classSlug: string };

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function parseClassReference(raw: string): ClassReference | null {
  const text = raw.trim();
  if (UUID_PATTERN.test(text)) return { id: text.toLowerCase() };
  let path = text;
  if (/^https?:\/\//i.test(text)) {
    try {
      path = new URL(text).pathname;
    } catch {
      return null;
    }
  }
  const parts = path.replace(/^\/+|\/+$/g, "").split("/");
  const slugs = parts[0] === "classes" ? parts.slice(1) : parts;
  if (slugs.length !== 2) return null;
  const [storefrontSlug, classSlug] = slugs;
  return SLUG.test(storefrontSlug) && SLUG.test(classSlug) ? { storefrontSlug, classSlug } : null;
}

export const LESSON_TITLE_MAX = 120;

export const lessonSchema = z.object({
  classRef: z
    .string({ required_error: "Name the class: its page address or its id." })
    .trim()
    .min(1, "Name the class: its page address or its id.")
    .max(300, "That does not name a class: use its page address or its id.")
    .refine(
      (v) => parseClassReference(v) !== null,
      "That does not name a class: use its page address (/classes/creator/class) or its id.",
    ),
  title: z
    .string({ required_error: "Give the lesson a title." })
    .trim()
    .min(1, "Give the lesson a title.")
    .max(LESSON_TITLE_MAX, `The title is at most ${LESSON_TITLE_MAX} characters.`),
  summary: z.string().trim().max(500, "The summary is at most 500 characters.").optional().default(""),
  durationMinutes: z.coerce
    .number({ invalid_type_error: "Enter the length in whole minutes (1 to 600)." })
    .int("Enter the length in whole minutes (1 to 600).")
    .min(1, "Enter the length in whole minutes (1 to 600).")
    .max(600, "Enter the length in whole minutes (1 to 600)."),
  videoUrl: z
    .string()
    .trim()
    .max(500, "The video link is at most 500 characters.")
    .optional()
    .transform((v) => v || null)
    .refine(
      (v) => v === null || /^https:\/\/[^\s]+$/i.test(v) || /^\/media\/[^\s]+$/.test(v),
      "The video link must be an https address or a /media/ path.",
    ),
});
export type LessonInput = z.infer<typeof lessonSchema>;
