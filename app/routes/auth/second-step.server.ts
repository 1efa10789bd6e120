/** Log In's second step on the web: which one, started with its challenge cookie (and, for EMAIL_MFA, the email sent). */
import type { UserRow } from "~/db/schema";
import { startChallenge } from "~/features/identity/challenges.server";
import { isRememberedDevice } from "~/features/identity/devices.server";
import type { AuthStep } from "~/features/identity/modal";
import { waitSeconds } from "~/features/identity/attempts.server";
import { messages, nextSecondFactor, type SecondFactor } from "~/features/identity/rules";
import { EmailNotConfiguredError, emailNotConfiguredMessage } from "~/platform/adapters/email/email.server";
import { mfaSettingsOf, sendEmailMfaCode } from "~/features/identity/second-factor.server";
import { challengeCookieHeader, deviceTokenOf } from "~/http/session.server";
import type { AppContext } from "~/platform/context";

/** The step to go to with its challenge cookie, or why it could not start (in the words to show). */
export type SecondStep = { step: AuthStep; cookie: string } | { refused: string };

/**
 * The second step a sign-in on the web asks for: the authenticator's code (MFA), a code emailed now
 * (EMAIL_MFA) or the choice between them (SELECT_MFA); null with no second factor on, or from a
 * remembered device. The identity API asks the same of its clients (api/sign-in.server.ts).
 */
export async function secondStepOf(app: AppContext, request: Request, user: UserRow): Promise<SecondStep | null> {
  const next = nextSecondFactor(await mfaSettingsOf(app, user));
  if (!next || (await isRememberedDevice(app, await deviceTokenOf(request), user.id))) return null;
  return startSecondStep(app, request, user, next);
}

/** Starts one second step: its challenge, and its cookie for the browser. */
export async function startSecondStep(
  app: AppContext,
  request: Request,
  user: UserRow,
  next: SecondFactor | "SELECT_MFA_TYPE",
): Promise<SecondStep> {
  if (next === "EMAIL_OTP") {
    try {
      const sent = await sendEmailMfaCode(app, user);
      if (sent.status === "wait") return { refused: messages.tooManyRequests(waitSeconds(sent.waitMs)) };
    } catch (error) {
      // Production without an email provider fails closed: no code, so no sign-in, said plainly.
      if (!(error instanceof EmailNotConfiguredError)) throw error;
      return { refused: emailNotConfiguredMessage(app.env.SUPPORT_EMAIL) };
    }
  }
  const token = await startChallenge(app, user.id, next);
  const step: AuthStep = next === "EMAIL_OTP" ? "EMAIL_MFA" : next === "SELECT_MFA_TYPE" ? "SELECT_MFA" : "MFA";
  return { step, cookie: await challengeCookieHeader(request, token) };
}
