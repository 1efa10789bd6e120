import { useActionData, useSearchParams } from "@remix-run/react";
import { safeRedirectPath } from "~/platform/redirect";
import {
  authTitle,
  parseAuthOptions,
  AUTH_STEPS,
  type AuthActionData,
  type AuthForm,
  type AuthStep,
} from "~/features/identity/modal";
import { AuthFormFor } from "~/features/identity/components/AuthForms";

/**
 * An auth form as a whole page: where a form post without JavaScript lands with its answer (errors,
 * a warning, the next step), and a plain address for each form (/auth/login?page=/classes).
 */
export function AuthFormPage({ form }: { form: AuthForm }) {
  const answer = useActionData<AuthActionData>();
  const [params] = useSearchParams();
  const context = answer?.context ?? {
    page: safeRedirectPath(params.get("page")),
    redirect: params.get("redirect") ? safeRedirectPath(params.get("redirect")) : null,
    options: parseAuthOptions((name) => params.get(name)),
  };
  const email = (answer?.result.initialValue?.email as string | undefined) ?? params.get("authEmail");
  const stepParam = params.get("authStep") as AuthStep | null;
  const step = answer?.step ?? (stepParam && AUTH_STEPS.includes(stepParam) ? stepParam : null);
  return (
    <section className="container auth-page" aria-labelledby="auth-title">
      <h1 id="auth-title">{authTitle(form, Boolean(params.get("authEmail")))}</h1>
      <AuthFormFor
        key={`${form}:${step ?? ""}`}
        form={form}
        step={step}
        inModal={false}
        context={context}
        lastResult={answer}
        initialEmail={email}
      />
    </section>
  );
}
