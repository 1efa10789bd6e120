/**
 * The auth modal where the page shows it (app/root.tsx). The server renders it whole; in the browser
 * its forms (conform, zod, the identity rules) are fetched on first need, so pages that never open it
 * do not load them (issue 17 goal 4).
 *
 * A page served with the modal open (?auth=…) loads the forms before it hydrates (preloadAuthModal, from
 * entry.client): hydration then renders them at once. Hydrating with them still on their way left the
 * modal's Suspense boundary waiting, and a click or a navigation in that moment made React give up on
 * the page (React error 345, seen in an end-to-end run that submitted the server's form right away).
 */
import { lazy, Suspense, type ComponentProps } from "react";
import type { AuthModal } from "./AuthModal";
import { AuthModal as ServerAuthModal } from "./auth-modal.server";

type AuthModalComponent = typeof AuthModal;
let loaded: AuthModalComponent | null = null;
const load = () => import("./AuthModal").then((module) => (loaded = module.AuthModal));

// Once loaded, React.lazy is handed a thenable that answers at once, so it renders without suspending.
const BrowserAuthModal = lazy((): Promise<{ default: AuthModalComponent }> =>
  loaded
    ? ({ then: (resolve: (module: { default: AuthModalComponent }) => void) => resolve({ default: loaded! }) } as never)
    : load().then((AuthModal) => ({ default: AuthModal })),
);

/** Fetches the modal's forms now (before hydration, when the server rendered the modal open). */
export const preloadAuthModal = (): Promise<unknown> => load();

export function AuthModalOnDemand(props: ComponentProps<typeof ServerAuthModal>) {
  // Undefined in the browser: the .server module is empty there.
  const Modal = typeof ServerAuthModal === "function" ? ServerAuthModal : BrowserAuthModal;
  return (
    <Suspense fallback={null}>
      <Modal {...props} />
    </Suspense>
  );
}
