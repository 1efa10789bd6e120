/**
 * Signing up: SignUp, ConfirmSignUp and ResendConfirmationCode.
 */
import { createAccount, EmailTakenError, findUserByUsername } from "../accounts.server";
import { claimCheck } from "../attempts.server";
import { hashPassword } from "../password.server";
import { CODE_POLICY, EMAIL_PATTERN } from "../rules";
import { sendAccountExistsNotice, sendEmailConfirmation } from "../verification.server";
import { nameValue, readAttributes, readNameValues } from "./attributes.server";
import {
  checkNewPassword,
  confirmCode,
  deliveryFor,
  emailDelivery,
  fail,
  required,
  str,
  type IdentityActions,
} from "./wire.server";

export const signUpActions: IdentityActions = {
  async SignUp(app, body) {
    const username = required(str(body, "Username"), "Username cannot be empty");
    const password = str(body, "Password");
    await checkNewPassword(password);
    const attributes = readAttributes(body);
    // ValidationData is for a pool's pre-sign-up trigger; there are no triggers here, so it is checked
    // for shape and otherwise unused, as the service does without one.
    readNameValues(body, "ValidationData");
    const byEmail = app.env.IDENTITY_SIGN_UP_CONFIRMATION === "email";
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
        identityStatus: byEmail ? "UNCONFIRMED" : "CONFIRMED",
      });
      if (!byEmail) return { UserConfirmed: true, UserSub: user.id };
      // The user signs in once the emailed code is entered (ConfirmSignUp). A send held back by the
      // rate limit still answers with where the code goes: ResendConfirmationCode says when to wait.
      await sendEmailConfirmation(app, user.email);
      return { UserConfirmed: false, UserSub: user.id, CodeDeliveryDetails: emailDelivery(user.email) };
    } catch (error) {
      if (!(error instanceof EmailTakenError)) throw error;
      // PreventUserExistenceErrors: an email that has an account gets the answer a new one gets, after
      // the same work (the hash), and nothing is created; the owner is told by email, so someone who
      // forgot their account learns of it, and only they do.
      await hashPassword(password);
      await sendAccountExistsNotice(app, email);
      const UserSub = crypto.randomUUID();
      return byEmail
        ? { UserConfirmed: false, UserSub, CodeDeliveryDetails: emailDelivery(email) }
        : { UserConfirmed: true, UserSub };
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
