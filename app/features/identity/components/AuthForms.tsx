import { Form, Link, useFetcher } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button } from "~/ui/Button";
import { PasswordInput } from "~/ui/PasswordInput";
import { TextInput } from "~/ui/TextInput";
import type { FieldErrors } from "../schema";

export interface AuthFormResult {
  errors: FieldErrors;
  /** What was typed (never the password), and where the form came from, so a failed post keeps both. */
  values: { email?: string; firstName?: string; lastName?: string; page?: string; redirect?: string };
}

interface FormProps {
  /** The page the form was opened on (where 'stay on the page' returns to). */
  page: string;
  redirect?: string | null;
  /** The other form's address (Login ↔ Create Account). */
  switchHref: string;
  /** In the modal the form runs as a fetcher (errors shown in place); as a page it is a plain form post. */
  inModal: boolean;
  result?: AuthFormResult;
}

function useAuthForm(inModal: boolean) {
  const fetcher = useFetcher<AuthFormResult>();
  const FormTag = inModal ? fetcher.Form : Form;
  return { FormTag, pending: fetcher.state !== "idle", fetched: fetcher.data };
}

function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p className="auth-form__error" role="alert">
      {message}
    </p>
  );
}

function Hidden({ page, redirect }: { page: string; redirect?: string | null }) {
  return (
    <>
      <input type="hidden" name="page" value={page} />
      {redirect ? <input type="hidden" name="redirect" value={redirect} /> : null}
    </>
  );
}

function Switch({ children }: { children: ReactNode }) {
  return <p className="auth-form__switch">{children}</p>;
}

export function LoginForm({ page, redirect, switchHref, inModal, result }: FormProps) {
  const { FormTag, pending, fetched } = useAuthForm(inModal);
  const { errors, values } = fetched ?? result ?? { errors: {}, values: {} };
  return (
    <FormTag method="post" action="/auth/login" className="auth-form" noValidate>
      <Hidden page={page} redirect={redirect} />
      <FormError message={errors.form} />
      <TextInput label="Email" name="email" type="email" autoComplete="email" defaultValue={values.email} error={errors.email} alwaysShowError autoFocus />
      <PasswordInput label="Password" name="password" autoComplete="current-password" error={errors.password} alwaysShowError />
      <Button type="submit" variant="primary" size="large" loading={pending}>
        Log In
      </Button>
      <Switch>
        Don't have an account? <Link to={switchHref}>Create Account</Link>
      </Switch>
    </FormTag>
  );
}

export function CreateAccountForm({ page, redirect, switchHref, inModal, result }: FormProps) {
  const { FormTag, pending, fetched } = useAuthForm(inModal);
  const { errors, values } = fetched ?? result ?? { errors: {}, values: {} };
  return (
    <FormTag method="post" action="/auth/create-account" className="auth-form" noValidate>
      <Hidden page={page} redirect={redirect} />
      <FormError message={errors.form} />
      <TextInput label="Email" name="email" type="email" autoComplete="email" defaultValue={values.email} error={errors.email} alwaysShowError autoFocus />
      <div className="auth-form__names">
        <TextInput label="First name" name="firstName" autoComplete="given-name" maxLength={20} defaultValue={values.firstName} error={errors.firstName} alwaysShowError />
        <TextInput label="Last name" name="lastName" autoComplete="family-name" maxLength={20} defaultValue={values.lastName} error={errors.lastName} alwaysShowError />
      </div>
      <PasswordInput label="Password" name="password" autoComplete="new-password" error={errors.password} alwaysShowError hint="At least 8 characters." />
      <Button type="submit" variant="primary" size="large" loading={pending}>
        Create Account
      </Button>
      <Switch>
        Already have an account? <Link to={switchHref}>Log In</Link>
      </Switch>
    </FormTag>
  );
}
