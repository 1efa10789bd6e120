import type { UserRow } from "~/db/schema";

/** What anyone may see of a user (GET /api/users/getBasicUserInfo): no email, flags or billing. */
export function basicUserInfo(user: UserRow) {
  return {
    userId: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    miniBio: user.miniBio,
    profilePhoto: user.profilePhoto,
    signUpDate: new Date(user.signUpDate).toISOString(),
  };
}
