import { z } from "zod";
import { findUserById } from "~/features/identity/accounts.server";
import { basicUserInfo } from "~/features/identity/basic-info";
import { apiJson, apiLoader, jsonError, methodNotAllowed } from "~/http/api.server";
import { UUID_PATTERN } from "~/platform/format";

const query = z.object({
  userId: z.string().trim().regex(UUID_PATTERN, "userId must be a user id (a UUID)").optional(),
});

/** GET /api/users/getBasicUserInfo[?userId=]: the public part of a user; without userId, the signed-in user. */
export const loader = apiLoader(query, async ({ input: { userId }, app, visitor }) => {
  if (userId) {
    const user = await findUserById(app, userId);
    return user ? apiJson(basicUserInfo(user)) : jsonError(404, `No user with id ${userId}`);
  }
  const me = (await visitor()).user;
  return me ? apiJson(basicUserInfo(me)) : jsonError(401, "User is not authenticated");
});
export const action = methodNotAllowed;
