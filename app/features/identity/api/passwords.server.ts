/**
 * Passwords: ForgotPassword, ConfirmForgotPassword and ChangePassword.
 */
import { changePassword } from "../account.server";
import { findUserByUsername } from "../accounts.server";
import { resetPassword, sendResetCode } from "../reset-password.server";
import { messages } from "../rules";
import { checkNewPassword, deliveryFor, fail, required, signedInUser, str, type IdentityActions } from "./wire.server";

export const passwordActions: IdentityActions = {
  async ForgotPassword(app, body) {
    const username = required(str(body, "Username"), "Username cannot be empty");
    const known = await findUserByUsername(app, username);
    const outcome = await sendResetCode(app, known?.email ?? username);
    if (outcome.status === "wait")
      fail("LimitExceededException", "Attempt limit exceeded, please try after some time.");
    // PreventUserExistenceErrors: an unknown user gets the answer a known one gets.
    return { CodeDeliveryDetails: deliveryFor(known, username) };
  },

  async ConfirmForgotPassword(app, body, { client }) {
    const username = required(str(body, "Username"), "Username cannot be empty");
    const code = required(str(body, "ConfirmationCode"), "Confirmation code cannot be empty");
    const password = str(body, "Password");
    await checkNewPassword(password, messages.newPasswordRequired);
    // An unknown user's code is a wrong code (PreventUserExistenceErrors), claimed and counted like one.
    const known = await findUserByUsername(app, username);
    const outcome = await resetPassword(app, known?.email ?? username.trim(), code, password, client);
    if (outcome.status === "wait")
      fail("LimitExceededException", "Attempt limit exceeded, please try after some time.");
    if (outcome.status === "expired")
      fail("ExpiredCodeException", "Invalid code provided, please request a code again.");
    if (outcome.status !== "ok") fail("CodeMismatchException", "Invalid verification code provided, please try again.");
    return {};
  },

  async ChangePassword(app, body, { client }) {
    const user = await signedInUser(app, body);
    const previous = required(str(body, "PreviousPassword"), "Password cannot be empty");
    const proposed = str(body, "ProposedPassword");
    await checkNewPassword(proposed, messages.newPasswordRequired);
    // The web form's change: every session and every token (this access token and the refresh tokens) ends.
    const outcome = await changePassword(app, user, null, { currentPassword: previous, newPassword: proposed }, client);
    if (outcome.status === "wait")
      fail("LimitExceededException", "Attempt limit exceeded, please try after some time.");
    if (outcome.status !== "ok") fail("NotAuthorizedException", "Incorrect username or password.");
    return {};
  },
};
