/** Inputs of the catalogue: the JSON API's query strings and the /classes browse form. */
import { z } from "zod";
import { UUID_PATTERN } from "~/platform/format";
import { MAX_LIST_VALUES, PAGE_SIZE, parseCommaList } from "./rules";

const productId = (name: string) =>
  z
    .string({ required_error: `${name} is required` })
    .trim()
    .regex(UUID_PATTERN, `${name} must be a product id (a UUID)`);

const commaList = (name: string) =>
  z
    .string()
    .max(500, `${name} is too long`)
    .optional()
    .transform((raw) => parseCommaList(raw))
    .refine((values) => values.length <= MAX_LIST_VALUES, `${name} takes at most ${MAX_LIST_VALUES} values`)
    .refine((values) => values.every((v) => v.length <= 60), `${name} values are at most 60 characters`);

const limit = <F extends number | undefined>(fallback: F) =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw === "") return fallback as number | F;
      const value = Number(raw);
      if (!Number.isInteger(value) || value < 1 || value > 100) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: "limit must be a whole number from 1 to 100" });
        return z.NEVER;
      }
      return value;
    });

const flag = (name: string) =>
  z
    .enum(["true", "false", "1", "0", ""], { errorMap: () => ({ message: `${name} must be true or false` }) })
    .optional()
    .transform((raw) => raw === "true" || raw === "1");

export const getProductsQuery = z.object({
  limit: limit(PAGE_SIZE),
  lastProductId: productId("lastProductId").optional(),
  categories: commaList("categories"),
  topics: commaList("topics"),
  genres: commaList("genres"),
});

export const homepageListQuery = z.object({
  isForHomepage: flag("isForHomepage"),
  /** Absent: 8 for the home page, 24 otherwise. */
  limit: limit(undefined),
  lastProductId: productId("lastProductId").optional(),
});

export const getProductQuery = z.object({ id: productId("id") });

export const getProductWithClassSlugQuery = z.object({
  class_slug: z.string({ required_error: "class_slug is required" }).trim().min(1, "class_slug is required").max(200),
  storefront_slug: z.string().trim().max(200).optional(),
});

export const collectionSlugQuery = z.object({
  slug: z.string({ required_error: "slug is required" }).trim().min(1, "slug is required").max(200),
});

/** The /classes GET form. Unknown or malformed values fall back to defaults, except a malformed cursor. */
export const browseQuery = z.object({
  view: z.string().max(40).optional().catch(undefined),
  category: z.string().trim().max(60).optional().catch(undefined),
  search: z.string().trim().max(120).optional().catch(undefined),
  topics: commaList("topics").catch([]),
  genres: commaList("genres").catch([]),
  cursor: productId("cursor").optional(),
});

/** Parses a URL's search parameters with a schema; repeated keys keep their first value. */
export function parseQuery<T extends z.ZodTypeAny>(schema: T, url: URL): z.SafeParseReturnType<unknown, z.output<T>> {
  const raw: Record<string, string> = {};
  for (const [key, value] of url.searchParams) if (!(key in raw)) raw[key] = value;
  return schema.safeParse(raw);
}
