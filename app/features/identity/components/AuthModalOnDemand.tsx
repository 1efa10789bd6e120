/**
 * The auth modal where the page shows it (app/root.tsx). The server renders it whole; in the browser
 * its forms (conform, zod, the identity rules) are fetched on first need, so pages that never open it
 * do not load them (issue 17 goal 4). A page served with the modal open keeps the server's markup,
 * which works without JavaScript, until the chunk arrives and React hydrates it.
 */
import { lazy, Suspense, type ComponentProps } from "react";
import { AuthModal as ServerAuthModal } from "./auth-modal.server";

const BrowserAuthModal = lazy(() => import("./AuthModal").then((module) => ({ default: module.AuthModal })));

export function AuthModalOnDemand(props: ComponentProps<typeof ServerAuthModal>) {
  // Undefined in the browser: the .server module is empty there.
  const Modal = typeof ServerAuthModal === "function" ? ServerAuthModal : BrowserAuthModal;
  return (
    <Suspense fallback={null}>
      <Modal {...props} />
    </Suspense>
  );
}
