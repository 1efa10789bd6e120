import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { clearVisitorCart } from "~/features/cart/cart.server";
import { anonymousIdOf } from "~/http/anonymous.server";
import { signOut } from "~/http/session.server";
import { VIP_GATE_COOKIE } from "~/features/offers/vip";
import { isSecureRequest } from "~/platform/http.server";

/**
 * POST /auth/logout: the session row is deleted and the cookie cleared; the VIP gate state and this
 * browser's visitor cart are cleared too (the page clears local storage); back to the site root.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const headers = new Headers({ "Set-Cookie": await signOut(context.app, request) });
  headers.append(
    "Set-Cookie",
    `${VIP_GATE_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax${isSecureRequest(request) ? "; Secure" : ""}`,
  );
  await clearVisitorCart(context.app, anonymousIdOf(request));
  return redirect("/", { status: 303, headers });
}

/** Signing out never happens on a GET (a link or a prefetch must not sign anyone out). */
export async function loader() {
  return redirect("/");
}
