import { z } from "zod";
import { signedInLoader } from "~/features/identity/api-auth.server";
import { PROGRAM_SLUG, programInfo } from "~/features/identity/programs.server";
import { apiJson, methodNotAllowed } from "~/platform/api.server";

const query = z.object({
  slug: z
    .string({ required_error: "slug is required" })
    .trim()
    .toLowerCase()
    .regex(PROGRAM_SLUG, "slug must be lowercase letters, digits and dashes"),
});

/** GET /api/getProgramInfoForUserAndSlug?slug= → {slug, program_info} (null when nothing was saved). */
export const loader = signedInLoader(query, async ({ slug }, user, app) =>
  apiJson({ slug, program_info: await programInfo(app, user.id, slug) }),
);
export const action = methodNotAllowed;
