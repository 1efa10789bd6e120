import { z } from "zod";
import { setStudioVip } from "~/features/identity/accounts.server";
import { methodNotAllowed, signedInAction } from "~/http/api.server";

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
export const action = signedInAction(body, async ({ input: { isStudioVip, userId }, user, app }) => ({
  success: true,
  ...(await setStudioVip(app, user, userId ?? user.id, isStudioVip)),
}));
export const loader = methodNotAllowed;
