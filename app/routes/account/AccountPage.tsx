/**
 * /account: profile, password, the authenticator app, devices, signing out everywhere and deleting
 * the account. Every form is a plain post with a redirect (works without JavaScript); conform checks
 * the same zod schemas in the browser first.
 */
import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { relativeTime } from "~/platform/format";
import { Button } from "~/ui/Button";
import { PasswordInput } from "~/ui/PasswordInput";
import { Textarea } from "~/ui/Textarea";
import { TextInput } from "~/ui/TextInput";
import type { AccountIntent, accountPage } from "./account.server";
import {
  changePasswordSchema,
  DELETE_CONFIRMATION,
  deleteAccountSchema,
  MINI_BIO_MAX,
  mfaCodeSchema,
  profileSchema,
} from "~/features/identity/schema";
import { CodeField, FormError, useAuthForm } from "~/features/identity/components/auth-form-kit";

type PageData = Awaited<ReturnType<typeof accountPage>>;
type Answer = { intent: AccountIntent; result: SubmissionResult<string[]> };

/** The action's answer, only for the form that was posted. */
function useAnswer(intent: AccountIntent) {
  const answer = useActionData<Answer>();
  return answer?.intent === intent ? answer : undefined;
}

function Intent({ value }: { value: AccountIntent }) {
  return <input type="hidden" name="intent" value={value} />;
}

function ProfileSection({ profile }: { profile: PageData["profile"] }) {
  const { form, fields, pending } = useAuthForm(profileSchema(), { inModal: false, lastResult: useAnswer("profile") });
  return (
    <section className="account__section" aria-labelledby="profile-title">
      <h2 id="profile-title">Profile</h2>
      <p className="account__muted">
        {profile.email} {profile.emailVerified ? "· verified" : null}
      </p>
      {/* Keyed by the photo, so after a save the file picker starts empty again (with JavaScript the page is not reloaded). */}
      <Form
        key={profile.profilePhoto ?? "no-photo"}
        method="post"
        encType="multipart/form-data"
        id={form.id}
        onSubmit={form.onSubmit}
        className="account__form"
        noValidate
      >
        <Intent value="profile" />
        <div className="account__photo">
          {profile.profilePhoto ? (
            // eslint-disable-next-line jsx-a11y/img-redundant-alt -- the photo is the content: "profile photo" names it
            <img src={profile.profilePhoto} alt="Your profile photo" width={72} height={72} />
          ) : (
            <span className="account__initials" aria-hidden="true">
              {(profile.firstName[0] ?? "") + (profile.lastName[0] ?? "")}
            </span>
          )}
          <div className="field">
            <label htmlFor="profile-photo" className="field__label">
              Profile photo
            </label>
            <input
              id="profile-photo"
              type="file"
              name={fields.photo.name}
              accept="image/png,image/jpeg,image/gif,image/webp"
              aria-describedby="profile-photo-hint"
            />
            <p id="profile-photo-hint" className="field__hint">
              PNG, JPEG, GIF or WebP, up to 2 MB.
            </p>
            {fields.photo.errors?.[0] ? (
              <p className="auth-form__error" role="alert">
                {fields.photo.errors[0]}
              </p>
            ) : null}
            {profile.profilePhoto ? (
              <label className="auth-form__check">
                <input type="checkbox" name="removePhoto" /> Remove my photo
              </label>
            ) : null}
          </div>
        </div>
        <FormError errors={form.errors} />
        <div className="auth-form__names">
          <TextInput
            key={fields.firstName.key}
            label="First name"
            name={fields.firstName.name}
            autoComplete="given-name"
            maxLength={20}
            defaultValue={(fields.firstName.initialValue as string) ?? profile.firstName}
            error={fields.firstName.errors?.[0]}
            alwaysShowError
          />
          <TextInput
            key={fields.lastName.key}
            label="Last name"
            name={fields.lastName.name}
            autoComplete="family-name"
            maxLength={20}
            defaultValue={(fields.lastName.initialValue as string) ?? profile.lastName}
            error={fields.lastName.errors?.[0]}
            alwaysShowError
          />
        </div>
        <Textarea
          key={fields.miniBio.key}
          label="Mini bio"
          name={fields.miniBio.name}
          limit={MINI_BIO_MAX}
          defaultValue={(fields.miniBio.initialValue as string) ?? profile.miniBio}
          error={fields.miniBio.errors?.[0]}
        />
        <Button type="submit" variant="primary" loading={pending}>
          Save profile
        </Button>
      </Form>
    </section>
  );
}

function PasswordSection() {
  const { form, fields, pending } = useAuthForm(changePasswordSchema(), {
    inModal: false,
    lastResult: useAnswer("password"),
  });
  return (
    <section className="account__section" aria-labelledby="password-title">
      <h2 id="password-title">Password</h2>
      <Form method="post" id={form.id} onSubmit={form.onSubmit} className="account__form" noValidate>
        <Intent value="password" />
        <FormError errors={form.errors} />
        <PasswordInput
          label="Current password"
          name={fields.currentPassword.name}
          autoComplete="current-password"
          error={fields.currentPassword.errors?.[0]}
          alwaysShowError
        />
        <PasswordInput
          label="New password"
          name={fields.newPassword.name}
          autoComplete="new-password"
          error={fields.newPassword.errors?.[0]}
          alwaysShowError
          hint="At least 8 characters. Other devices are signed out."
        />
        <Button type="submit" variant="primary" loading={pending}>
          Change password
        </Button>
      </Form>
    </section>
  );
}

/** The second factor by email: on, off, or first a confirmed email (the codes go there). */
function EmailCodes({ emailCodes, email }: Pick<PageData, "emailCodes"> & { email: string }) {
  const on = emailCodes.on;
  return (
    <div className="account__factor">
      <h3>Codes by email</h3>
      {on ? (
        <p>
          <strong>On.</strong> We email a code to {email} when you log in on a device you haven't remembered.
        </p>
      ) : emailCodes.canTurnOn ? (
        <p>Get a code by email when you log in on a new device, with or instead of an app.</p>
      ) : (
        <ConfirmEmail confirming={emailCodes.confirming} email={email} />
      )}
      {on || emailCodes.canTurnOn ? (
        <Form method="post">
          <Intent value={on ? "email-mfa-off" : "email-mfa-on"} />
          <Button type="submit" variant="secondary">
            {on ? "Turn off email codes" : "Turn on email codes"}
          </Button>
        </Form>
      ) : null}
    </div>
  );
}

/** Confirming the account's email on the page: a code sent to it, then the code. */
function ConfirmEmail({ confirming, email }: { confirming: boolean; email: string }) {
  const answer = useAnswer("email-confirm");
  const { form, fields, pending } = useAuthForm(mfaCodeSchema(), { inModal: false, lastResult: answer });
  const send = (label: string) => (
    <Form method="post">
      <Intent value="email-confirm-send" />
      <Button type="submit" variant="secondary">
        {label}
      </Button>
    </Form>
  );
  if (!confirming && !answer)
    return (
      <>
        <p>Confirm your email to get log-in codes by email.</p>
        {send("Send me a confirmation code")}
      </>
    );
  return (
    <>
      <p>Enter the code we sent to {email}.</p>
      <Form method="post" id={form.id} onSubmit={form.onSubmit} className="account__form" noValidate>
        <Intent value="email-confirm" />
        <FormError errors={form.errors} />
        <CodeField field={fields.code} label="Confirmation code" />
        <Button type="submit" variant="primary" loading={pending}>
          Confirm email
        </Button>
      </Form>
      {send("Send a new code")}
    </>
  );
}

/** With both factors on: which one Log In asks for first, or a choice each time. */
function AskFirst({ askFirst }: Pick<PageData, "askFirst">) {
  return (
    <Form method="post" className="account__factor account__form">
      <Intent value="mfa-ask-first" />
      <fieldset>
        <legend>When you log in, ask for</legend>
        {(
          [
            ["SOFTWARE_TOKEN_MFA", "A code from my authenticator app"],
            ["EMAIL_OTP", "A code by email"],
            ["CHOOSE", "Let me choose each time"],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="account__choice">
            <input type="radio" name="askFirst" value={value} defaultChecked={askFirst === value} /> {label}
          </label>
        ))}
      </fieldset>
      <Button type="submit" variant="secondary">
        Save log-in choice
      </Button>
    </Form>
  );
}

function AuthenticatorSection({
  authenticator,
  setup,
  emailCodes,
  askFirst,
  email,
}: Pick<PageData, "authenticator" | "setup" | "emailCodes" | "askFirst"> & { email: string }) {
  const { form, fields, pending } = useAuthForm(mfaCodeSchema(), {
    inModal: false,
    lastResult: useAnswer("totp-verify"),
  });
  return (
    <section className="account__section" id="authenticator" aria-labelledby="authenticator-title">
      <h2 id="authenticator-title">Two-step verification</h2>
      <h3>Authenticator app</h3>
      {authenticator ? (
        <>
          <p>
            <strong>On.</strong> {authenticator.friendlyName} asks for a code when you log in on a device you haven't
            remembered.
          </p>
          <Form method="post">
            <Intent value="totp-remove" />
            <Button type="submit" variant="destructive">
              Remove authenticator app
            </Button>
          </Form>
        </>
      ) : setup ? (
        <div className="account__setup">
          <ol className="account__steps">
            <li>Scan this QR code with an authenticator app (Google Authenticator, 1Password, Authy…).</li>
            <li>
              Or type this key: <code className="account__secret">{setup.secret}</code>
            </li>
            <li>Enter the 6-digit code the app shows.</li>
          </ol>
          <div
            className="account__qr"
            role="img"
            aria-label="QR code for your authenticator app"
            dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
          />
          <Form method="post" id={form.id} onSubmit={form.onSubmit} className="account__form" noValidate>
            <Intent value="totp-verify" />
            <FormError errors={form.errors} />
            <CodeField field={fields.code} label="Code from the app" autoFocus />
            <Button type="submit" variant="primary" loading={pending}>
              Turn on
            </Button>
          </Form>
        </div>
      ) : (
        <>
          <p>Add an authenticator app, so a stolen password alone can't open your account.</p>
          <Form method="post">
            <Intent value="totp-start" />
            <Button type="submit" variant="secondary">
              Set up an authenticator app
            </Button>
          </Form>
        </>
      )}
      <EmailCodes emailCodes={emailCodes} email={email} />
      {authenticator && emailCodes.on ? <AskFirst askFirst={askFirst} /> : null}
    </section>
  );
}

function DevicesSection({ devices, now }: Pick<PageData, "devices" | "now">) {
  return (
    <section className="account__section" id="devices" aria-labelledby="devices-title">
      <h2 id="devices-title">Devices</h2>
      {devices.length === 0 ? (
        <p className="account__muted">No devices yet.</p>
      ) : (
        <ul className="account__devices">
          {devices.map((device) => (
            <li key={device.id} className="account__device">
              <div>
                <strong>{device.name}</strong>
                {device.current ? <span className="account__badge">This device</span> : null}
                {device.remembered ? <span className="account__badge account__badge--muted">Remembered</span> : null}
                <p className="account__muted">Last active {relativeTime(device.lastSeenAt, now)}</p>
              </div>
              <Form method="post">
                <Intent value="device-forget" />
                <input type="hidden" name="deviceId" value={device.id} />
                <Button
                  type="submit"
                  variant="secondary"
                  size="small"
                  aria-label={`Forget ${device.name}${device.current ? " (this device)" : ""}`}
                >
                  Forget
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Form method="post">
        <Intent value="signout-everywhere" />
        <Button type="submit" variant="secondary">
          Sign out everywhere
        </Button>
      </Form>
    </section>
  );
}

function DeleteSection() {
  const { form, fields, pending } = useAuthForm(deleteAccountSchema(), {
    inModal: false,
    lastResult: useAnswer("delete"),
  });
  return (
    <section className="account__section account__section--danger" aria-labelledby="delete-title">
      <h2 id="delete-title">Delete account</h2>
      <p>This removes your profile, sign-ins and devices for good. It can't be undone.</p>
      <Form method="post" id={form.id} onSubmit={form.onSubmit} className="account__form" noValidate>
        <Intent value="delete" />
        <TextInput
          key={fields.confirm.key}
          label={`Type ${DELETE_CONFIRMATION} to confirm`}
          name={fields.confirm.name}
          autoComplete="off"
          error={fields.confirm.errors?.[0]}
          alwaysShowError
        />
        <Button type="submit" variant="destructive" loading={pending}>
          Delete my account
        </Button>
      </Form>
    </section>
  );
}

export function AccountPage() {
  const data = useLoaderData<PageData>();
  return (
    <div className="container account">
      <h1>Account settings</h1>
      <p>
        <Link to="/account/membership">Membership and payments</Link>: your plan, your card, cancel or refund.
      </p>
      <ProfileSection profile={data.profile} />
      <PasswordSection />
      <AuthenticatorSection
        authenticator={data.authenticator}
        setup={data.setup}
        emailCodes={data.emailCodes}
        askFirst={data.askFirst}
        email={data.profile.email}
      />
      <DevicesSection devices={data.devices} now={data.now} />
      <DeleteSection />
    </div>
  );
}
