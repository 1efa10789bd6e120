/** /creator and /build: the page's data (signed in or not, just joined) and its waitlist form's post. */
import { authHref } from "~/features/identity/modal";
import { currentUser } from "~/features/identity/sessions.server";
import type { AppContext } from "~/platform/context";
import type { CreatorPageVariant } from "./rules";

export interface CreatorPageData {
  variant: CreatorPageVariant;
  joined: boolean;
  /** The Log In modal on this same page: a successful login there only closes it (spec 2). */
  loginHref: string | null;
}

export async function loadCreatorPage(
  app: AppContext,
  request: Request,
  variant: CreatorPageVariant,
): Promise<CreatorPageData> {
  const url = new URL(request.url);
  const user = await currentUser(app, request);
  return {
    variant,
    joined: url.searchParams.get("joined") === "1",
    loginHref: user ? null : authHref(url.pathname, "Login"),
  };
}
