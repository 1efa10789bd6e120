/**
 * The signed-in user: reading and changing their attributes, verifying their email, deleting
 * them, and signing them out everywhere.
 */
import { eq } from "drizzle-orm";
import { users } from "~/db/schema";
import { deleteAccount } from "../account.server";
import { findUserByUsername } from "../accounts.server";
import { EMAIL_PATTERN } from "../rules";
import { endAllSessions } from "../sessions.server";
import { mfaSettingsOf } from "../second-factor.server";
import { sendEmailConfirmation } from "../verification.server";
import { nameValue, readAttributes, userAttributes } from "./attributes.server";
import { confirmCode, emailDelivery, fail, required, signedInUser, str, type IdentityActions } from "./wire.server";

export const userActions: IdentityActions = {
  async GetUser(app, body) {
    const user = await signedInUser(app, body);
    const mfa = await mfaSettingsOf(app, user);
    return {
      Username: user.username,
      UserAttributes: userAttributes(user),
      MFAOptions: [],
      PreferredMfaSetting: mfa.preferred === "NOMFA" ? undefined : mfa.preferred,
      UserMFASettingList: mfa.enabled,
    };
  },

  async UpdateUserAttributes(app, body) {
    const user = await signedInUser(app, body);
    const changes: Partial<typeof users.$inferInsert> = {};
    for (const { Name, Value } of readAttributes(body)) {
      if (Name === "given_name") changes.firstName = nameValue(Value, "First name");
      else if (Name === "family_name") changes.lastName = nameValue(Value, "Last name");
      else if (Name === "phone_number") {
        if (!/^\+[1-9]\d{6,14}$/.test(Value)) fail("InvalidParameterException", "Invalid phone number format.");
        changes.phoneNumber = Value;
        changes.phoneNumberVerified = false;
      } else if (Name === "email") {
        const email = Value.trim().toLowerCase();
        if (!EMAIL_PATTERN.test(email)) fail("InvalidParameterException", "Email is not formatted correctly.");
        if (email !== user.email) {
          if (await findUserByUsername(app, email))
            fail("AliasExistsException", "An account with the given email already exists.");
          changes.email = email;
          changes.emailVerified = false;
        }
      } else fail("InvalidParameterException", `Attribute ${Name} cannot be changed`);
    }
    if (Object.keys(changes).length) await app.db.update(users).set(changes).where(eq(users.id, user.id));
    return { CodeDeliveryDetailsList: [] };
  },

  async DeleteUserAttributes(app, body) {
    const user = await signedInUser(app, body);
    const names = body.UserAttributeNames;
    if (!Array.isArray(names) || names.some((n) => typeof n !== "string"))
      fail("InvalidParameterException", "UserAttributeNames must be a list of names");
    const changes: Partial<typeof users.$inferInsert> = {};
    for (const name of names as string[]) {
      if (name === "phone_number") Object.assign(changes, { phoneNumber: null, phoneNumberVerified: false });
      else if (name === "given_name") changes.firstName = "";
      else if (name === "family_name") changes.lastName = "";
      else fail("InvalidParameterException", `Attribute ${name} cannot be deleted`);
    }
    if (Object.keys(changes).length) await app.db.update(users).set(changes).where(eq(users.id, user.id));
    return {};
  },

  async DeleteUser(app, body) {
    await deleteAccount(app, await signedInUser(app, body));
    return {};
  },

  async GetUserAttributeVerificationCode(app, body) {
    const user = await signedInUser(app, body);
    if (str(body, "AttributeName") !== "email")
      fail("InvalidParameterException", "Only the email attribute can be verified");
    if (user.emailVerified) return { CodeDeliveryDetails: emailDelivery(user.email) };
    if (await sendEmailConfirmation(app, user.email))
      fail("LimitExceededException", "Attempt limit exceeded, please try after some time.");
    return { CodeDeliveryDetails: emailDelivery(user.email) };
  },

  async VerifyUserAttribute(app, body, { client }) {
    const user = await signedInUser(app, body);
    if (str(body, "AttributeName") !== "email")
      fail("InvalidParameterException", "Only the email attribute can be verified");
    const code = required(str(body, "Code"), "Confirmation code cannot be empty");
    return confirmCode(app, user, code, client);
  },

  async GlobalSignOut(app, body) {
    const user = await signedInUser(app, body);
    await endAllSessions(app, user.id);
    return {};
  },
};
