import { z } from "zod";
import { PROGRAM_SLUG, programInfo } from "~/features/identity/programs.server";
import { methodNotAllowed, signedInLoader } from "~/http/api.server";

const query = z.object({
  slug: z
    .string({ required_error: "slug is required" })
    .trim()
    .toLowerCase()
    .regex(PROGRAM_SLUG, "slug must be lowercase letters, digits and dashes"),
});

/** GET /api/getProgramInfoForUserAndSlug?slug= → {slug, program_info} (null when nothing was saved). */
export const loader = signedInLoader(query, async ({ input: { slug }, user, app }) => ({
  slug,
  program_info: await programInfo(app, user.id, slug),
}));
export const action = methodNotAllowed;
