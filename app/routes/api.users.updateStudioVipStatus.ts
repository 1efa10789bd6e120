import { eq } from "drizzle-orm";
import { z } from "zod";
import { users } from "~/db/schema";
import { signedInAction } from "~/features/identity/api-auth.server";
import { apiJson, methodNotAllowed } from "~/platform/api.server";
import { jsonError } from "~/platform/http.server";

const body = z.object({
  isStudioVip: z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")], {
    required_error: "isStudioVip is required",
    invalid_type_error: "isStudioVip must be true or false",
  }),
  userId: z.string().uuid("userId must be a user id").optional(),
});

/**
 * POST /api/users/updateStudioVipStatus {isStudioVip[, userId]}. VIP status is granted by admins
 * (for any user); a user may only give up their own. Anything else: 'Failed to update Studio VIP status'.
 */
export const action = signedInAction(body, async ({ isStudioVip, userId }, user, app) => {
  const target = userId ?? user.id;
  if (!user.isAdmin && (target !== user.id || isStudioVip)) return jsonError(403, "Failed to update Studio VIP status");
  const [updated] = await app.db
    .update(users)
    .set({ isStudioVip })
    .where(eq(users.id, target))
    .returning({ id: users.id, isStudioVip: users.isStudioVip });
  return updated ? apiJson({ success: true, ...updated }) : jsonError(404, "Failed to update Studio VIP status");
});
export const loader = methodNotAllowed;
