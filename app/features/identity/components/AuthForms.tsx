/**
 * The auth modal's six forms (spec 2). Each posts to its own /auth/* action, which answers with a
 * redirect (303) to the next form or page, or with its errors; each works the same without
 * JavaScript (the action's page renders the answer) and with it (a fetcher, errors in place).
 */
import type { FieldMetadata } from "@conform-to/react";
import { Form, Link } from "~/ui/router";
import { Button, ButtonLink, buttonClass } from "~/ui/Button";
import { PasswordInput } from "~/ui/PasswordInput";
import { useProduct } from "~/ui/product";
import { TextInput } from "~/ui/TextInput";
import { authHref, type AuthForm, type AuthStep } from "../modal";
import { messages } from "../rules";
import {
  createAccountSchema,
  getStartedSchema,
  joinWaitlistSchema,
  loginSchema,
  mfaChoiceSchema,
  mfaCodeSchema,
  resetCodeSchema,
  resetEmailSchema,
  resetPasswordSchema,
  socialSignUpSchema,
} from "../schema";
import {
  AuthHidden,
  CodeField,
  Consent,
  FormError,
  FormNotice,
  IdeaNote,
  Switch,
  useAuthForm,
  type AuthFormProps,
} from "./auth-form-kit";

/** The email field every form starts with: conform's state, the initialEmail option, the error rule. */
function EmailField({
  field,
  initialEmail,
  autoFocus,
}: {
  field: FieldMetadata<string>;
  initialEmail?: string | null;
  autoFocus?: boolean;
}) {
  return (
    <TextInput
      key={field.key}
      label="Email"
      name={field.name}
      type="email"
      autoComplete="email"
      autoCapitalize="none"
      defaultValue={(field.initialValue as string | undefined) ?? initialEmail ?? undefined}
      error={field.errors?.[0]}
      alwaysShowError
      autoFocus={autoFocus}
    />
  );
}

/**
 * The social sign-in buttons, the primary provider first (spec 2: 'Continue with {provider}' /
 * 'Log in with {provider}'). Each is its own small form: a full-page post, since it leaves the site.
 */
function SocialButtons({
  context,
  verb,
}: {
  context: AuthFormProps["context"];
  verb: "Continue with" | "Log in with";
}) {
  const providers = useProduct().socialProviders;
  if (providers.length === 0) return null;
  return (
    <div className="auth-form__social">
      {providers.map((provider) => (
        <Form key={provider.id} method="post" action={`/auth/social/${provider.id}`} reloadDocument>
          <AuthHidden context={context} />
          <button
            type="submit"
            className={buttonClass({ variant: "secondary", size: "large", className: "auth-form__provider" })}
          >
            {verb} {provider.name}
          </button>
        </Form>
      ))}
      <p className="auth-form__or">
        <span>or</span>
      </p>
    </div>
  );
}

/** A link to another form of the modal over the same page, keeping the options. */
function formHref({ context }: AuthFormProps, form: AuthForm, extra: { email?: string | null; step?: AuthStep } = {}) {
  return authHref(context.page, form, { ...context.options, ...extra });
}

function GetStartedForm(props: AuthFormProps) {
  const { productName } = useProduct();
  const { form, fields, FormTag, pending, answer } = useAuthForm(getStartedSchema(), props);
  const shown = answer?.notice?.shown ?? { suggestion: false, score: false };
  return (
    <FormTag method="post" action="/auth/email" id={form.id} onSubmit={form.onSubmit} className="auth-form" noValidate>
      <AuthHidden context={props.context} />
      <IdeaNote context={props.context} />
      {shown.suggestion ? <input type="hidden" name="shownSuggestion" value="1" /> : null}
      {shown.score ? <input type="hidden" name="shownScore" value="1" /> : null}
      <FormError errors={form.errors} />
      <EmailField field={fields.email} initialEmail={props.initialEmail} autoFocus />
      <FormNotice>{answer?.notice?.message}</FormNotice>
      <Button type="submit" variant="primary" size="large" loading={pending}>
        Continue with email
      </Button>
      <Consent productName={productName} />
      <Switch>
        Already have an account? <Link to={formHref(props, "Login")}>Log In</Link>
      </Switch>
    </FormTag>
  );
}

function SocialSignUpForm(props: AuthFormProps) {
  const { productName } = useProduct();
  const { form, fields, FormTag, pending } = useAuthForm(socialSignUpSchema(), props);
  return (
    <div className="auth-form">
      <IdeaNote context={props.context} />
      <SocialButtons context={props.context} verb="Continue with" />
      <FormTag
        method="post"
        action="/auth/social-sign-up"
        id={form.id}
        onSubmit={form.onSubmit}
        className="auth-form"
        noValidate
      >
        <AuthHidden context={props.context} />
        <FormError errors={form.errors} />
        <EmailField field={fields.email} initialEmail={props.initialEmail} autoFocus />
        <Button type="submit" variant="primary" size="large" loading={pending}>
          Continue with email
        </Button>
        {props.context.options.dark ? <Consent productName={productName} /> : null}
        <Switch>
          Already have an account? <Link to={formHref(props, "Login")}>Log In</Link>
        </Switch>
      </FormTag>
    </div>
  );
}

function CreateAccountForm(props: AuthFormProps) {
  const { productName, supportEmail } = useProduct();
  const { form, fields, FormTag, pending } = useAuthForm(createAccountSchema(supportEmail), props);
  return (
    <FormTag
      method="post"
      action="/auth/create-account"
      id={form.id}
      onSubmit={form.onSubmit}
      className="auth-form"
      noValidate
    >
      <AuthHidden context={props.context} />
      <IdeaNote context={props.context} />
      <FormError errors={form.errors} />
      <EmailField field={fields.email} initialEmail={props.initialEmail} autoFocus={!props.initialEmail} />
      <div className="auth-form__names">
        <TextInput
          key={fields.firstName.key}
          label="First name"
          name={fields.firstName.name}
          autoComplete="given-name"
          maxLength={20}
          defaultValue={(fields.firstName.initialValue as string | undefined) ?? props.firstName ?? undefined}
          error={fields.firstName.errors?.[0]}
          alwaysShowError
          autoFocus={Boolean(props.initialEmail)}
        />
        <TextInput
          key={fields.lastName.key}
          label="Last name"
          name={fields.lastName.name}
          autoComplete="family-name"
          maxLength={20}
          defaultValue={fields.lastName.initialValue as string | undefined}
          error={fields.lastName.errors?.[0]}
          alwaysShowError
        />
      </div>
      <PasswordInput
        label="Password"
        name={fields.password.name}
        autoComplete="new-password"
        error={fields.password.errors?.[0]}
        alwaysShowError
        hint="At least 8 characters."
      />
      <Button type="submit" variant="primary" size="large" loading={pending}>
        Create Account
      </Button>
      <Consent productName={productName} />
      <Switch>
        Already have an account? <Link to={formHref(props, "Login")}>Log In</Link>
      </Switch>
    </FormTag>
  );
}

function LoginForm(props: AuthFormProps & { campaign?: string | null; step?: AuthStep | null }) {
  const step = props.lastResult?.step ?? props.step;
  if (step === "MFA") return <LoginCodeStep key="MFA" {...props} step="MFA" />;
  if (step === "EMAIL_MFA") return <LoginCodeStep key="EMAIL_MFA" {...props} step="EMAIL_MFA" />;
  if (step === "SELECT_MFA") return <LoginChooseStep key="SELECT_MFA" {...props} />;
  return <LoginPasswordStep key="PASSWORD" {...props} />;
}

function LoginPasswordStep(props: AuthFormProps & { campaign?: string | null }) {
  const { form, fields, FormTag, pending, answer } = useAuthForm(loginSchema(), props);
  const signUp = props.context.options.social ? "SocialSignUp" : "CreateAccount";
  return (
    <div className="auth-form">
      {props.campaign ? <p className="auth-form__campaign">{props.campaign}</p> : null}
      <IdeaNote context={props.context} />
      <SocialButtons context={props.context} verb="Log in with" />
      <FormTag
        method="post"
        action="/auth/login"
        id={form.id}
        onSubmit={form.onSubmit}
        className="auth-form"
        noValidate
      >
        <AuthHidden context={props.context} />
        <FormError errors={form.errors} title={answer?.errorTitle} />
        <EmailField field={fields.email} initialEmail={props.initialEmail} autoFocus={!props.initialEmail} />
        <PasswordInput
          label="Password"
          name={fields.password.name}
          autoComplete="current-password"
          error={fields.password.errors?.[0]}
          alwaysShowError
          autoFocus={Boolean(props.initialEmail)}
        />
        <p className="auth-form__forgot">
          <Link to={formHref(props, "ResetPassword", { step: "EMAIL" })}>Forgot Password</Link>
        </p>
        <Button type="submit" variant="primary" size="large" loading={pending}>
          Log In
        </Button>
        <Switch>
          Don't have an account? <Link to={formHref(props, signUp)}>Create Account</Link>
        </Switch>
      </FormTag>
    </div>
  );
}

/**
 * Log In's second step: the authenticator app's code (MFA, the SOFTWARE_TOKEN_MFA challenge) or the
 * code just emailed (EMAIL_MFA, the EMAIL_OTP challenge).
 */
function LoginCodeStep(props: AuthFormProps & { step: "MFA" | "EMAIL_MFA" }) {
  const { form, fields, FormTag, pending, answer } = useAuthForm(mfaCodeSchema(), props);
  const emailed = props.step === "EMAIL_MFA";
  return (
    <FormTag method="post" action="/auth/login" id={form.id} onSubmit={form.onSubmit} className="auth-form" noValidate>
      <AuthHidden context={props.context} />
      <input type="hidden" name="step" value={props.step} />
      <p className="auth-form__lead">
        {emailed
          ? `We emailed a 6-digit code to ${props.initialEmail ?? "your email"}. Enter it to finish logging in.`
          : "Open your authenticator app and enter the 6-digit code it shows for your account."}
      </p>
      <FormError errors={form.errors} title={answer?.errorTitle} />
      <CodeField field={fields.code} label={emailed ? "Emailed code" : "Authenticator code"} autoFocus />
      <label className="auth-form__check">
        <input type="checkbox" name="remember" /> Remember this device
      </label>
      <Button type="submit" variant="primary" size="large" loading={pending}>
        Verify
      </Button>
      <Switch>
        Not you? <Link to={formHref(props, "Login")}>Start again</Link>
      </Switch>
    </FormTag>
  );
}

/** Log In's second step when two second factors are on and none is preferred (SELECT_MFA_TYPE). */
function LoginChooseStep(props: AuthFormProps) {
  const { form, fields, FormTag, pending, answer } = useAuthForm(mfaChoiceSchema(), props);
  // The choice is its buttons: a refused one is the form's error.
  const errors = [...(form.errors ?? []), ...(fields.factor.errors ?? [])];
  return (
    <FormTag method="post" action="/auth/login" id={form.id} onSubmit={form.onSubmit} className="auth-form" noValidate>
      <AuthHidden context={props.context} />
      <input type="hidden" name="step" value="SELECT_MFA" />
      <p className="auth-form__lead">How would you like to confirm it's you?</p>
      <FormError errors={errors.length ? errors : undefined} title={answer?.errorTitle} />
      <Button type="submit" name="factor" value="SOFTWARE_TOKEN_MFA" variant="primary" size="large" loading={pending}>
        Use my authenticator app
      </Button>
      <Button type="submit" name="factor" value="EMAIL_OTP" variant="secondary" size="large" disabled={pending}>
        Email me a code
      </Button>
      <Switch>
        Not you? <Link to={formHref(props, "Login")}>Start again</Link>
      </Switch>
    </FormTag>
  );
}

/**
 * Reset Password: EMAIL → CODE → NEWPASSWORD; success signs the user in (or asks for their
 * authenticator code) with the toast 'Your password has been changed!' (spec 2 and 4).
 */
function ResetPasswordForm(props: AuthFormProps & { step: AuthStep | null }) {
  const step = props.lastResult?.step ?? props.step ?? "EMAIL";
  // Each step is its own form (its own schema and its own answer), so a step change starts clean.
  if (step === "CODE") return <ResetCodeStep key="CODE" {...props} />;
  if (step === "NEWPASSWORD") return <ResetNewPasswordStep key="NEWPASSWORD" {...props} />;
  return <ResetEmailStep key="EMAIL" {...props} />;
}

function ResetEmailStep(props: AuthFormProps) {
  const { supportEmail } = useProduct();
  const { form, fields, FormTag, pending } = useAuthForm(resetEmailSchema(supportEmail), props);
  return (
    <FormTag
      method="post"
      action="/auth/reset-password"
      id={form.id}
      onSubmit={form.onSubmit}
      className="auth-form"
      noValidate
    >
      <AuthHidden context={props.context} />
      <input type="hidden" name="step" value="EMAIL" />
      <p className="auth-form__lead">Enter your account's email and we'll send you a code to reset your password.</p>
      <FormError errors={form.errors} />
      <EmailField field={fields.email} initialEmail={props.initialEmail} autoFocus />
      <Button type="submit" variant="primary" size="large" loading={pending}>
        Send Reset Code
      </Button>
      <Switch>
        Remembered it? <Link to={formHref(props, "Login", { email: props.initialEmail })}>Log In</Link>
      </Switch>
    </FormTag>
  );
}

/** The email the reset is for: from the action's answer (a failed post) or the address. */
const resetEmail = (props: AuthFormProps) =>
  String(props.lastResult?.result.initialValue?.email ?? props.initialEmail ?? "");

/** What the CODE and NEWPASSWORD steps post besides their field: the context, the step and the email. */
function ResetHidden({ context, step, email }: { context: AuthFormProps["context"]; step: AuthStep; email: string }) {
  return (
    <>
      <AuthHidden context={context} />
      <input type="hidden" name="step" value={step} />
      <input type="hidden" name="email" value={email} />
    </>
  );
}

function ResetCodeStep(props: AuthFormProps) {
  const { supportEmail } = useProduct();
  const { form, fields, FormTag, pending } = useAuthForm(resetCodeSchema(supportEmail), props);
  const email = resetEmail(props);
  return (
    <FormTag
      method="post"
      action="/auth/reset-password"
      id={form.id}
      onSubmit={form.onSubmit}
      className="auth-form"
      noValidate
    >
      <ResetHidden context={props.context} step="CODE" email={email} />
      <p className="auth-form__lead">
        We sent a code to <strong>{email}</strong>. It expires in 1 hour.
      </p>
      <FormError errors={form.errors} />
      <TextInput
        key={fields.code.key}
        label="Verification Code"
        name={fields.code.name}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={20}
        error={fields.code.errors?.[0] ?? fields.email.errors?.[0]}
        alwaysShowError
        autoFocus
      />
      <Button type="submit" variant="primary" size="large" loading={pending}>
        Enter Code
      </Button>
      <Switch>
        No email? <Link to={formHref(props, "ResetPassword", { step: "EMAIL", email })}>Send a new code</Link>
      </Switch>
    </FormTag>
  );
}

function ResetNewPasswordStep(props: AuthFormProps) {
  const { supportEmail } = useProduct();
  const { form, fields, FormTag, pending } = useAuthForm(resetPasswordSchema(supportEmail), props);
  const email = resetEmail(props);
  return (
    <FormTag
      method="post"
      action="/auth/reset-password"
      id={form.id}
      onSubmit={form.onSubmit}
      className="auth-form"
      noValidate
    >
      <ResetHidden context={props.context} step="NEWPASSWORD" email={email} />
      <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
      <FormError errors={form.errors ?? fields.email.errors} />
      <PasswordInput
        label="New password"
        name={fields.password.name}
        autoComplete="new-password"
        error={fields.password.errors?.[0]}
        alwaysShowError
        hint="At least 8 characters."
        autoFocus
      />
      <Button type="submit" variant="primary" size="large" loading={pending}>
        Change Password
      </Button>
    </FormTag>
  );
}

function JoinWaitlistForm(props: AuthFormProps & { step: AuthStep | null }) {
  const { supportEmail } = useProduct();
  const { form, fields, FormTag, pending } = useAuthForm(joinWaitlistSchema(supportEmail), props);
  if (props.step === "DONE") {
    return (
      <div className="auth-form auth-form--done">
        <p className="auth-form__success" role="status">
          {messages.waitlistAdded}
        </p>
        <ButtonLink to="/v2/classes" variant="primary" size="large">
          Explore Classes
        </ButtonLink>
      </div>
    );
  }
  return (
    <FormTag
      method="post"
      action="/auth/join-waitlist"
      id={form.id}
      onSubmit={form.onSubmit}
      className="auth-form"
      noValidate
    >
      <AuthHidden context={props.context} />
      <FormError errors={form.errors} />
      <EmailField field={fields.email} initialEmail={props.initialEmail} autoFocus />
      <Button type="submit" variant="primary" size="large" loading={pending}>
        Join Waitlist
      </Button>
    </FormTag>
  );
}

/** The form a modal state names. */
export function AuthFormFor({
  form,
  step,
  campaign,
  ...props
}: AuthFormProps & { form: AuthForm; step: AuthStep | null; campaign?: string | null }) {
  switch (form) {
    case "Email":
      return <GetStartedForm {...props} />;
    case "SocialSignUp":
      return <SocialSignUpForm {...props} />;
    case "CreateAccount":
      return <CreateAccountForm {...props} />;
    case "Login":
      return <LoginForm {...props} campaign={campaign} step={step} />;
    case "ResetPassword":
      return <ResetPasswordForm {...props} step={step} />;
    case "JoinWaitlist":
      return <JoinWaitlistForm {...props} step={step} />;
  }
}
