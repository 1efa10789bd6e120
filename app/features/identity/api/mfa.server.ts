/**
 * Second factors: SetUserMFAPreference (the authenticator app and emailed codes, EMAIL_OTP; SMS is not
 * offered), SetUserSettings, AssociateSoftwareToken, VerifySoftwareToken.
 */
import { associateSoftwareToken, verifySoftwareToken } from "../totp.server";
import type { AppContext } from "~/platform/context";
import { changeMfaSettings, preferSoftwareToken, SecondFactorError } from "../second-factor.server";
import { fail, required, sessionUser, signedInUser, str, type Body, type IdentityActions } from "./wire.server";

type FactorSetting = { Enabled?: boolean; PreferredMfa?: boolean } | undefined;

export const mfaActions: IdentityActions = {
  async SetUserMFAPreference(app, body) {
    const user = await signedInUser(app, body);
    const software = body.SoftwareTokenMfaSettings as FactorSetting;
    const email = body.EmailMfaSettings as FactorSetting;
    const sms = body.SMSMfaSettings as FactorSetting;
    if (!software && !email && !sms) fail("InvalidParameterException", "No valid MFA method provided");
    if (sms?.Enabled || sms?.PreferredMfa) fail("InvalidParameterException", "Invalid MFA type");
    try {
      await changeMfaSettings(app, user, {
        ...(software ? { SOFTWARE_TOKEN_MFA: software } : {}),
        ...(email ? { EMAIL_OTP: email } : {}),
      });
    } catch (error) {
      if (!(error instanceof SecondFactorError)) throw error;
      fail(
        "InvalidParameterException",
        error.reason === "no-software-token"
          ? "User has not verified software token mfa"
          : "User does not have a verified email address for EMAIL_OTP",
      );
    }
    return {};
  },

  /**
   * The older way to set SMS MFA: MFAOptions [{DeliveryMedium, AttributeName}]. An empty list (SMS
   * off) is already so; any delivery is refused as SetUserMFAPreference refuses SMS (spec 5).
   */
  async SetUserSettings(app, body) {
    await signedInUser(app, body);
    const options = body.MFAOptions;
    if (!Array.isArray(options) || options.some((o) => !o || typeof o !== "object"))
      fail("InvalidParameterException", "MFAOptions must be a list of {DeliveryMedium, AttributeName}");
    if ((options as unknown[]).length) fail("InvalidParameterException", "Invalid MFA type");
    return {};
  },

  async AssociateSoftwareToken(app, body) {
    const setup = await setupCaller(app, body);
    return { SecretCode: await associateSoftwareToken(app, setup.userId), ...setup.answer };
  },

  async VerifySoftwareToken(app, body) {
    const setup = await setupCaller(app, body);
    const code = required(str(body, "UserCode"), "Confirmation code cannot be empty");
    if (!(await verifySoftwareToken(app, setup.userId, code, str(body, "FriendlyDeviceName") || undefined)))
      fail("EnableSoftwareTokenMFAException", "Code mismatch");
    // Set up during sign-in (MFA_SETUP): the authenticator is the user's choice from now on.
    if (setup.answer.Session) await preferSoftwareToken(app, setup.userId);
    return { Status: "SUCCESS", ...setup.answer };
  },
};

/**
 * Who sets up an authenticator: a signed-in user (AccessToken), or one in the middle of signing in on
 * a pool that requires MFA (the MFA_SETUP challenge's Session, handed back with the answer).
 */
async function setupCaller(app: AppContext, body: Body): Promise<{ userId: string; answer: { Session?: string } }> {
  const session = str(body, "Session");
  if (session && !str(body, "AccessToken"))
    return { userId: await sessionUser(app, session, "MFA_SETUP"), answer: { Session: session } };
  return { userId: (await signedInUser(app, body)).id, answer: {} };
}
