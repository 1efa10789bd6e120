/**
 * Signing up: SignUp, ConfirmSignUp and ResendConfirmationCode.
 */
import { createAccount, EmailTakenError, findUserByUsername } from "../accounts.server";
import { claimCheck } from "../attempts.server";
import { hashPassword } from "../password.server";
import { CODE_POLICY, EMAIL_PATTERN } from "../rules";
import { sendAccountExistsNotice, sendEmailConfirmation } from "../verification.server";
import { nameValue, readAttributes } from "./attributes.server";
import { checkNewPassword, confirmCode, deliveryFor, fail, required, str, type IdentityActions } from "./wire.server";

export const signUpActions: IdentityActions = {
  async SignUp(app, body) {
    const username = required(str(body, "Username"), "Username cannot be empty");
    const password = str(body, "Password");
    checkNewPassword(password);
    const attributes = readAttributes(body);
    const attribute = (name: string) => attributes.find((a) => a.Name === name)?.Value ?? "";
    const email = (attribute("email") || (username.includes("@") ? username : "")).trim().toLowerCase();
    if (!EMAIL_PATTERN.test(email)) fail("InvalidParameterException", "Username should be an email.");
    try {
      const user = await createAccount(app, {
        email,
        password,
        firstName: nameValue(attribute("given_name"), "First name"),
        lastName: nameValue(attribute("family_name"), "Last name"),
        username: username.includes("@") ? undefined : username.trim().slice(0, 128),
      });
      return { UserConfirmed: true, UserSub: user.id };
    } catch (error) {
      if (!(error instanceof EmailTakenError)) throw error;
      // PreventUserExistenceErrors: an email that has an account gets the answer a new one gets, after
      // the same work (the hash), and nothing is created; the owner is told by email, so someone who
      // forgot their account learns of it, and only they do.
      await hashPassword(password);
      await sendAccountExistsNotice(app, email);
      return { UserConfirmed: true, UserSub: crypto.randomUUID() };
    }
  },

  async ConfirmSignUp(app, body, { client }) {
    const username = required(str(body, "Username"), "Username cannot be empty");
    const code = required(str(body, "ConfirmationCode"), "Confirmation code cannot be empty");
    const user = await findUserByUsername(app, username);
    // PreventUserExistenceErrors: an unknown user's code is a wrong code (claimed and counted like
    // one); a confirmed user has no live code, so theirs is wrong too.
    if (!user) {
      const claim = await claimCheck(app, "confirm-code", username.trim().toLowerCase(), client, CODE_POLICY);
      if (!claim.ok) fail("LimitExceededException", "Attempt limit exceeded, please try after some time.");
      fail("CodeMismatchException", "Invalid verification code provided, please try again.");
    }
    return confirmCode(app, user!, code, client);
  },

  async ResendConfirmationCode(app, body) {
    const username = required(str(body, "Username"), "Username cannot be empty");
    const user = await findUserByUsername(app, username);
    if (await sendEmailConfirmation(app, user?.email ?? username))
      fail("LimitExceededException", "Attempt limit exceeded, please try after some time.");
    return { CodeDeliveryDetails: deliveryFor(user, username) };
  },
};
