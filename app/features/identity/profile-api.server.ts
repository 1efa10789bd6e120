/**
 * The spec's "create the backend user" calls (POST /api/users/createUser and /api/createUser). Our
 * identity service and backend share one users table, so the account already exists when the
 * identity user does: these complete its profile, for the caller's own account only.
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import { users, type UserRow } from "~/db/schema";
import type { AppContext } from "~/platform/context";
import { ServiceError } from "~/platform/service-error";
import { basicUserInfo } from "./basic-info";
import { EMAIL_PATTERN, NAME_MAX, messages } from "./rules";

const name = (required: string, tooLong: string) =>
  z.string({ required_error: required }).trim().min(1, required).max(NAME_MAX, tooLong);

export const createUserBody = z.object({
  userId: z.string({ required_error: "userId is required" }).trim().min(1, "userId is required"),
  email: z
    .string({ required_error: messages.emailRequired })
    .trim()
    .toLowerCase()
    .regex(EMAIL_PATTERN, "Email is not formatted correctly."),
  firstName: name(messages.firstNameRequired, messages.firstNameTooLong),
  lastName: name(messages.lastNameRequired, messages.lastNameTooLong),
  isSocialSignIn: z.union([z.boolean(), z.enum(["true", "false"])]).optional(),
  socialProvider: z.string().max(30).optional(),
});

export async function completeBackendUser(app: AppContext, user: UserRow, input: z.output<typeof createUserBody>) {
  // userId is the identity user's id (sub) or its username, as identity clients know either.
  if (input.userId !== user.id && input.userId !== user.username)
    throw new ServiceError("forbidden", "userId is not the signed-in user");
  if (input.email !== user.email) throw new ServiceError("forbidden", "email is not the signed-in user's email");
  const [updated] = await app.db
    .update(users)
    .set({ firstName: input.firstName, lastName: input.lastName })
    .where(eq(users.id, user.id))
    .returning();
  return {
    success: true,
    user: { ...basicUserInfo(updated), email: updated.email, membershipStatus: updated.membershipStatus },
  };
}
