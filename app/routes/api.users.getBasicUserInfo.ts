import { eq } from "drizzle-orm";
import { z } from "zod";
import { users } from "~/db/schema";
import { basicUserInfo } from "~/features/identity/basic-info";
import { requestUser } from "~/features/identity/tokens.server";
import { apiJson, apiLoader, methodNotAllowed } from "~/platform/api.server";
import { UUID_PATTERN } from "~/platform/format";
import { jsonError } from "~/platform/http.server";

const query = z.object({
  userId: z.string().trim().regex(UUID_PATTERN, "userId must be a user id (a UUID)").optional(),
});

/** GET /api/users/getBasicUserInfo[?userId=]: the public part of a user; without userId, the signed-in user. */
export const loader = apiLoader(query, async ({ userId }, app, request) => {
  if (userId) {
    const user = await app.db.select().from(users).where(eq(users.id, userId)).get();
    return user ? apiJson(basicUserInfo(user)) : jsonError(404, `No user with id ${userId}`);
  }
  const me = await requestUser(app, request);
  return me ? apiJson(basicUserInfo(me)) : jsonError(401, "User is not authenticated");
});
export const action = methodNotAllowed;
