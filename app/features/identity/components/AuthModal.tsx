import { Modal } from "~/ui/Modal";
import { authTitle, withoutAuth, type AuthModalState } from "../modal";
import { AuthFormFor } from "./AuthForms";

/** The auth modal, rendered open by the server when the page's address names a form (?auth=Login ...). */
export function AuthModal({
  state,
  page,
  redirect,
  campaign,
}: {
  state: AuthModalState;
  page: string;
  redirect: string | null;
  campaign: string | null;
}) {
  const closeHref = withoutAuth(page);
  const { form, email, firstName, step, ...options } = state;
  return (
    <Modal
      open
      closeHref={closeHref}
      title={authTitle(form, Boolean(email))}
      slideUp
      lockScroll
      preserveOnOutsideClick
      blockedUntilSubmit={options.blockClose}
      dark={options.dark}
    >
      <AuthFormFor
        // A new form or step starts with a clean form state.
        key={`${form}:${step ?? ""}`}
        form={form}
        step={step}
        inModal
        context={{ page: closeHref, redirect, options }}
        initialEmail={email}
        firstName={firstName}
        campaign={campaign}
      />
    </Modal>
  );
}
