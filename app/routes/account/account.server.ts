/** /account's loader and form posts. Every post acts on the signed-in user only, then a 303 with a toast. */
import { parseForm } from "~/platform/form.server";
import { data, redirect } from "@remix-run/cloudflare";
import { clientOf } from "~/platform/client.server";
import type { AppContext } from "~/platform/context";
import { deleteMedia, mediaUrl, putImage } from "~/platform/adapters/storage/media.server";
import { formDataOf } from "~/platform/http.server";
import { redirectWithToast, type Toast } from "~/http/toast.server";
import { changePassword, deleteAccount, updateProfile } from "~/features/identity/account.server";
import { waitSeconds } from "~/features/identity/attempts.server";
import { deviceIdOf, forgetDevice, listDevices } from "~/features/identity/devices.server";
import { messages, SECOND_FACTORS } from "~/features/identity/rules";
import { changePasswordSchema, deleteAccountSchema, mfaCodeSchema, profileSchema } from "~/features/identity/schema";
import { endAllSessions } from "~/features/identity/sessions.server";
import { currentSessionId, deviceTokenOf, signOut } from "~/http/session.server";
import { requireUser } from "~/http/visitor.server";
import {
  associateSoftwareToken,
  pendingSecret,
  setupPicture,
  verifiedFactor,
  verifySoftwareToken,
} from "~/features/identity/totp.server";
import {
  changeMfaSettings,
  preferSecondFactor,
  preferSoftwareToken,
  removeSoftwareToken,
  SecondFactorError,
} from "~/features/identity/second-factor.server";
import { confirmEmailWithCode, sendEmailConfirmation } from "~/features/identity/verification.server";
import { EmailNotConfiguredError, emailNotConfiguredMessage } from "~/platform/adapters/email/email.server";

export const ACCOUNT_INTENTS = [
  "profile",
  "password",
  "totp-start",
  "totp-verify",
  "totp-remove",
  "email-confirm-send",
  "email-confirm",
  "email-mfa-on",
  "email-mfa-off",
  "mfa-ask-first",
  "device-forget",
  "signout-everywhere",
  "delete",
] as const;
export type AccountIntent = (typeof ACCOUNT_INTENTS)[number];

/** The signed-in user; a visitor is sent to Log In (302) and brought back to /account after. */
function signedInUser(app: AppContext, request: Request) {
  return requireUser(app, request, { redirectTo: "/account", status: 302 });
}

export async function accountPage(app: AppContext, request: Request) {
  const user = await signedInUser(app, request);
  const url = new URL(request.url);
  const [devices, thisDevice, factor, pending] = await Promise.all([
    listDevices(app, user.id),
    deviceIdOf(app, await deviceTokenOf(request), user.id),
    verifiedFactor(app, user.id),
    pendingSecret(app, user.id),
  ]);
  const setup =
    url.searchParams.get("setup") === "totp" && pending
      ? await setupPicture(pending, user.email, app.env.PRODUCT_NAME)
      : null;
  return {
    now: app.now,
    profile: {
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      miniBio: user.miniBio,
      emailVerified: user.emailVerified,
      signUpDate: user.signUpDate,
      profilePhoto: user.profilePhoto,
    },
    authenticator:
      factor && user.mfaEnabled.includes("SOFTWARE_TOKEN_MFA")
        ? { friendlyName: factor.friendlyName, since: factor.verifiedAt }
        : null,
    emailCodes: {
      on: user.mfaEnabled.includes("EMAIL_OTP"),
      canTurnOn: user.emailVerified,
      // After "Send me a confirmation code": the code's field.
      confirming: !user.emailVerified && url.searchParams.get("confirm") === "email",
    },
    askFirst:
      user.preferredMfa === "SOFTWARE_TOKEN_MFA" || user.preferredMfa === "EMAIL_OTP" ? user.preferredMfa : "CHOOSE",
    setup,
    devices: devices.map((device) => ({ ...device, current: device.id === thisDevice })),
  };
}

/** Back with a toast (and the cookies that ride along: a cleared session when this browser signed out). */
const done = (request: Request, to: string, toast: Toast, cookies: string[] = []) =>
  redirectWithToast(request, to, toast, { headers: cookies.map((cookie): [string, string] => ["Set-Cookie", cookie]) });

export async function accountAction(app: AppContext, request: Request) {
  const user = await signedInUser(app, request);
  const formData = (await formDataOf(request)) ?? new FormData();
  const intent = formData.get("intent") as AccountIntent;
  const failed = (
    submission: { reply: (o?: object) => unknown },
    status: number,
    extra: { formErrors?: string[]; fieldErrors?: Record<string, string[]> } = {},
    headers?: Record<string, string>,
  ) =>
    data(
      {
        intent,
        result: submission.reply({
          ...extra,
          hideFields: ["currentPassword", "newPassword", "code", "photo"],
        }) as never,
      },
      { status, headers },
    );
  /** A throttled attempt: 429 with the wait in words and as Retry-After. */
  const throttled = (submission: { reply: (o?: object) => unknown }, waitMs: number) =>
    failed(
      submission,
      429,
      { formErrors: [messages.tooManyAttempts(waitSeconds(waitMs))] },
      {
        "Retry-After": String(waitSeconds(waitMs)),
      },
    );

  switch (intent) {
    case "profile": {
      const submission = parseForm(formData, { schema: profileSchema() });
      if (submission.status !== "success") return failed(submission, 400);
      const { photo, removePhoto, ...profile } = submission.value;
      let profilePhoto: string | null | undefined;
      // 'Remove my photo' says what the user wants, whatever file the picker still holds.
      if (removePhoto) profilePhoto = null;
      else if (photo && photo.size > 0) {
        const stored = await putImage(app, "profile-photos/", user.id, photo);
        if ("error" in stored) return failed(submission, 400, { fieldErrors: { photo: [stored.error] } });
        profilePhoto = mediaUrl(stored.key);
      }
      await updateProfile(app, user.id, { ...profile, ...(profilePhoto !== undefined ? { profilePhoto } : {}) });
      // The old photo goes once the new address is saved.
      if (profilePhoto !== undefined) await deleteMedia(app, user.profilePhoto);
      return done(request, "/account", { kind: "success", title: "Your profile is saved." });
    }
    case "password": {
      const submission = parseForm(formData, { schema: changePasswordSchema() });
      if (submission.status !== "success") return failed(submission, 400);
      const outcome = await changePassword(
        app,
        user,
        await currentSessionId(request),
        submission.value,
        clientOf(app.env, request),
      );
      if (outcome.status === "common")
        return failed(submission, 400, { fieldErrors: { newPassword: [messages.passwordTooCommon] } });
      if (outcome.status === "wait") return throttled(submission, outcome.waitMs);
      if (outcome.status === "wrong")
        return failed(submission, 400, { fieldErrors: { currentPassword: ["Incorrect password."] } });
      return done(request, "/account", {
        kind: "success",
        title: "Your password has been changed!",
        description: "Every other device has been signed out.",
      });
    }
    case "totp-start": {
      await associateSoftwareToken(app, user.id);
      return redirect("/account?setup=totp#authenticator", { status: 303 });
    }
    case "totp-verify": {
      const submission = parseForm(formData, { schema: mfaCodeSchema() });
      if (submission.status !== "success") return failed(submission, 400);
      if (!(await verifySoftwareToken(app, user.id, submission.value.code)))
        return failed(submission, 400, { fieldErrors: { code: [messages.mfaCodeMismatch] } });
      await preferSoftwareToken(app, user.id);
      return done(request, "/account#authenticator", {
        kind: "success",
        title: "Authenticator app turned on.",
        description: "You'll enter a code from it when you log in on a new device.",
      });
    }
    case "totp-remove": {
      await removeSoftwareToken(app, user.id);
      return done(request, "/account#authenticator", { kind: "success", title: "Authenticator app removed." });
    }
    case "email-confirm-send": {
      // Codes by email go to the account's address, so it must be confirmed first.
      let waitMs: number;
      try {
        waitMs = await sendEmailConfirmation(app, user.email);
      } catch (error) {
        if (!(error instanceof EmailNotConfiguredError)) throw error;
        return done(request, "/account#authenticator", {
          kind: "error",
          title: emailNotConfiguredMessage(app.env.SUPPORT_EMAIL),
        });
      }
      if (waitMs > 0)
        return done(request, "/account#authenticator", {
          kind: "error",
          title: messages.tooManyRequests(waitSeconds(waitMs)),
        });
      return done(request, "/account?confirm=email#authenticator", {
        kind: "info",
        title: `We sent a code to ${user.email}.`,
      });
    }
    case "email-confirm": {
      const submission = parseForm(formData, { schema: mfaCodeSchema() });
      if (submission.status !== "success") return failed(submission, 400);
      const outcome = await confirmEmailWithCode(app, user.id, submission.value.code, clientOf(app.env, request));
      if (typeof outcome === "object") return throttled(submission, outcome.waitMs);
      if (outcome !== "ok") return failed(submission, 400, { fieldErrors: { code: [messages.codeMismatch] } });
      return done(request, "/account#authenticator", { kind: "success", title: "Your email is confirmed." });
    }
    case "email-mfa-on":
    case "email-mfa-off": {
      const on = intent === "email-mfa-on";
      try {
        await changeMfaSettings(app, user, { EMAIL_OTP: { Enabled: on } });
      } catch (error) {
        if (!(error instanceof SecondFactorError)) throw error;
        return done(request, "/account#authenticator", { kind: "error", title: messages.emailMfaNeedsVerifiedEmail });
      }
      return done(request, "/account#authenticator", {
        kind: "success",
        title: on ? "Email codes turned on." : "Email codes turned off.",
        ...(on ? { description: `We'll email a code to ${user.email} when you log in on a new device.` } : {}),
      });
    }
    case "mfa-ask-first": {
      const raw = String(formData.get("askFirst") ?? "");
      const choice = raw === "CHOOSE" ? "NOMFA" : SECOND_FACTORS.find((factor) => factor === raw);
      if (!choice || !(await preferSecondFactor(app, user, choice)))
        return done(request, "/account#authenticator", { kind: "error", title: messages.mfaChoiceRequired });
      return done(request, "/account#authenticator", { kind: "success", title: "Your log-in choice is saved." });
    }
    case "device-forget": {
      const deviceId = String(formData.get("deviceId") ?? "");
      const thisDevice = await deviceIdOf(app, await deviceTokenOf(request), user.id);
      if (!(await forgetDevice(app, user.id, deviceId)))
        return done(request, "/account#devices", { kind: "error", title: "That device was already forgotten." });
      // Forgetting this browser ends this session too.
      if (deviceId === thisDevice)
        return done(request, "/", { kind: "info", title: "This device has been forgotten and signed out." }, [
          await signOut(app, request),
        ]);
      return done(request, "/account#devices", { kind: "success", title: "Device forgotten and signed out." });
    }
    case "signout-everywhere": {
      await endAllSessions(app, user.id);
      return done(request, "/", { kind: "info", title: "You've been signed out on every device." }, [
        await signOut(app, request),
      ]);
    }
    case "delete": {
      const submission = parseForm(formData, { schema: deleteAccountSchema() });
      if (submission.status !== "success") return failed(submission, 400);
      await deleteAccount(app, user);
      return done(request, "/", { kind: "info", title: "Your account has been deleted." }, [
        await signOut(app, request),
      ]);
    }
    default:
      return data({ intent, result: { status: "error", error: { "": ["Unknown action"] } } as never }, { status: 400 });
  }
}
