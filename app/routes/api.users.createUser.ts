import { completeBackendUser, createUserBody } from "~/features/identity/profile-api.server";
import { methodNotAllowed, signedInAction } from "~/http/api.server";

/** POST /api/users/createUser {userId, email, firstName, lastName, isSocialSignIn, socialProvider}: completes the caller's profile. */
export const action = signedInAction(createUserBody, ({ input, user, app }) => completeBackendUser(app, user, input));
export const loader = methodNotAllowed;
