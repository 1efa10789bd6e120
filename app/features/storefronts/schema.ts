/** Inputs of the creator storefront: the page's query and the share redirect's target. */
import { z } from "zod";
import { UUID_PATTERN } from "~/platform/format";
import { SHARE_TARGETS } from "./rules";

export const storefrontSlugSchema = z.string().trim().min(1).max(120);

/** /creators/{slug}?cursor=&share=1. A malformed cursor is ignored (the first page); share is on or off. */
export const storefrontQuery = z.object({
  cursor: z.string().trim().regex(UUID_PATTERN).optional().catch(undefined),
  share: z
    .string()
    .optional()
    .transform((raw) => /^(1|true)$/i.test(raw?.trim() ?? "")),
});

/** /creators/{slug}/share?to=: one of the fixed targets, never an address. */
export const shareQuery = z.object({
  to: z.enum(SHARE_TARGETS, {
    errorMap: () => ({ message: `Choose where to share: ${SHARE_TARGETS.join(", ")}.` }),
  }),
});
