import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { useActionData, useSearchParams } from "@remix-run/react";
import { signUp } from "~/features/identity/auth-actions.server";
import { AuthPage } from "~/features/identity/components/AuthPage";
import { CreateAccountForm } from "~/features/identity/components/AuthForms";
import { currentUser } from "~/features/identity/sessions.server";

/** /auth/create-account: the Create Account form as a page, where a form post without JavaScript lands with its errors. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await currentUser(context.app, request)) return redirect("/");
  return null;
}

export const action = ({ request, context }: ActionFunctionArgs) => signUp(context.app, request);

export const meta: MetaFunction = () => [{ title: "Create Account" }];

export default function CreateAccountRoute() {
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  return (
    <AuthPage title="Create Account">
      <CreateAccountForm inModal={false} page={result?.values.page ?? params.get("page") ?? "/"} redirect={result?.values.redirect ?? params.get("redirect")} switchHref="/auth/login" result={result} />
    </AuthPage>
  );
}
