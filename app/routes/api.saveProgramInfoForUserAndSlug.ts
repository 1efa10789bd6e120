import { z } from "zod";
import { PROGRAM_SLUG, saveProgramInfo } from "~/features/identity/programs.server";
import { jsonError, methodNotAllowed, signedInAction } from "~/http/api.server";

const body = z.object({
  slug: z
    .string({ required_error: "slug is required" })
    .trim()
    .toLowerCase()
    .regex(PROGRAM_SLUG, "slug must be lowercase letters, digits and dashes"),
  program_info: z.record(z.unknown(), {
    required_error: "program_info is required",
    invalid_type_error: "program_info must be an object",
  }),
});

/** POST /api/saveProgramInfoForUserAndSlug {slug, program_info} → {success, slug, program_info}; at most 16 KB. */
export const action = signedInAction(body, async ({ input: { slug, program_info }, user, app }) => {
  if (JSON.stringify(program_info).length > 16_384) return jsonError(400, "program_info is larger than 16 KB");
  await saveProgramInfo(app, user.id, slug, program_info);
  return { success: true, slug, program_info };
});
export const loader = methodNotAllowed;
