import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { useActionData, useSearchParams } from "@remix-run/react";
import { logIn } from "~/features/identity/auth-actions.server";
import { AuthPage } from "~/features/identity/components/AuthPage";
import { LoginForm } from "~/features/identity/components/AuthForms";
import { currentUser } from "~/features/identity/sessions.server";

/** /auth/login: the Log In form as a page, where a form post without JavaScript lands with its errors. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await currentUser(context.app, request)) return redirect("/");
  return null;
}

export const action = ({ request, context }: ActionFunctionArgs) => logIn(context.app, request);

export const meta: MetaFunction = () => [{ title: "Log In" }];

export default function LoginRoute() {
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  return (
    <AuthPage title="Log In">
      <LoginForm inModal={false} page={result?.values.page ?? params.get("page") ?? "/"} redirect={result?.values.redirect ?? params.get("redirect")} switchHref="/auth/create-account" result={result} />
    </AuthPage>
  );
}
