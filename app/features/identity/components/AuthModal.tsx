import { Modal } from "~/ui/Modal";
import type { AuthForm } from "../rules";
import { CreateAccountForm, LoginForm } from "./AuthForms";

/** Adds or replaces ?auth= on a page address: how every auth form is reached, with or without JavaScript. */
export function withAuthForm(page: string, form: AuthForm | null): string {
  const [path, query = ""] = page.split("?");
  const params = new URLSearchParams(query);
  if (form) params.set("auth", form);
  else params.delete("auth");
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** The auth modal, rendered open by the server when the URL says ?auth=Login or ?auth=CreateAccount. */
export function AuthModal({ form, page, redirect }: { form: AuthForm; page: string; redirect: string | null }) {
  const closeHref = withAuthForm(page, null);
  const title = form === "Login" ? "Log In" : "Create Account";
  return (
    <Modal open closeHref={closeHref} title={title} slideUp lockScroll preserveOnOutsideClick>
      {form === "Login" ? (
        <LoginForm inModal page={closeHref} redirect={redirect} switchHref={withAuthForm(page, "CreateAccount")} />
      ) : (
        <CreateAccountForm inModal page={closeHref} redirect={redirect} switchHref={withAuthForm(page, "Login")} />
      )}
    </Modal>
  );
}
