import { completeBackendUser, createUserBody } from "~/features/identity/profile-api.server";
import { methodNotAllowed, signedInAction } from "~/http/api.server";

/** POST /api/createUser (form data: userId, firstName, lastName, email): the form-data twin of /api/users/createUser. */
export const action = signedInAction(createUserBody, ({ input, user, app }) => completeBackendUser(app, user, input));
export const loader = methodNotAllowed;
