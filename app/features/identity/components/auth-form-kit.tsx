/** What the auth forms share: conform wired to one zod schema, the hidden context, messages and links. */
import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useFetcher, useNavigation } from "~/ui/router";
import { TextInput } from "~/ui/TextInput";
import type { ReactNode } from "react";
import type { z } from "zod";
import { optionFields, type AuthActionData, type AuthContext } from "../modal";

export interface AuthFormProps {
  context: AuthContext;
  /** In the modal the form runs as a fetcher (errors shown in place); as a page it is a plain form post. */
  inModal: boolean;
  /** The action's answer when the page was rendered by a post without JavaScript. */
  lastResult?: AuthActionData;
  /** initialEmail and firstName options. */
  initialEmail?: string | null;
  firstName?: string | null;
}

/**
 * One zod schema validates in the browser (conform, on submit then as the user types) and again in
 * the action. Without JavaScript the browser does nothing and the action's answer is rendered.
 */
export function useAuthForm<Schema extends z.ZodTypeAny>(
  schema: Schema,
  { inModal, lastResult }: { inModal: boolean; lastResult?: Pick<AuthActionData, "result"> & Partial<AuthActionData> },
) {
  const fetcher = useFetcher<AuthActionData>();
  const navigation = useNavigation();
  const answer = (inModal ? fetcher.data : undefined) ?? lastResult;
  const [form, fields] = useForm<z.input<Schema>>({
    lastResult: answer?.result as SubmissionResult<string[]> | undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const FormTag = inModal ? fetcher.Form : Form;
  const pending = inModal ? fetcher.state !== "idle" : navigation.state === "submitting";
  return { form, fields, FormTag, pending, answer };
}

/** The form's context as hidden fields, so the action can send the user on with the same options. */
export function AuthHidden({ context }: { context: AuthContext }) {
  return (
    <>
      <input type="hidden" name="page" value={context.page} />
      {context.redirect ? <input type="hidden" name="redirect" value={context.redirect} /> : null}
      {optionFields(context.options).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/**
 * Over a form whose sign-in carries an app idea (typed on /creator or /build before signing in): the
 * idea is not lost, and the build starts once the person is in.
 */
export function IdeaNote({ context }: { context: AuthContext }) {
  if (!context.options.idea) return null;
  return <p className="auth-form__idea">Your app idea comes with you: we'll start building it as soon as you're in.</p>;
}

/** The form's error, under its title when the answer gave one (Log In's 'Error logging in'). */
export function FormError({ errors, title }: { errors?: string[]; title?: string }) {
  if (!errors?.length) return null;
  return (
    <p className="auth-form__error" role="alert">
      {title ? <strong className="auth-form__error-title">{title}</strong> : null}
      {errors[0]}
    </p>
  );
}

/** A warning that does not block: pressing the button again continues. */
export function FormNotice({ children }: { children?: ReactNode }) {
  if (!children) return null;
  return (
    <p className="auth-form__notice" role="status">
      {children}
    </p>
  );
}

export function Switch({ children }: { children: ReactNode }) {
  return <p className="auth-form__switch">{children}</p>;
}

/** Spec 2: the consent line; the links open the product's own /terms and /privacy in a new tab. */
export function Consent({
  productName,
  preface = "By continuing, you agree to",
}: {
  productName: string;
  preface?: string;
}) {
  return (
    <p className="auth-form__consent">
      {preface} {productName}'s{" "}
      <a href="/terms" target="_blank" rel="noopener">
        Terms<span className="visually-hidden"> (opens in a new tab)</span>
      </a>{" "}
      and{" "}
      <a href="/privacy" target="_blank" rel="noopener">
        Privacy Policy<span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    </p>
  );
}

/** A one-time code's field (an authenticator's, an emailed one): the number pad and the browser's code autofill. */
export function CodeField({
  field,
  label,
  autoFocus = false,
}: {
  field: { key?: string; name: string; errors?: string[] };
  label: string;
  autoFocus?: boolean;
}) {
  return (
    <TextInput
      key={field.key}
      label={label}
      name={field.name}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={12}
      error={field.errors?.[0]}
      alwaysShowError
      autoFocus={autoFocus}
    />
  );
}
