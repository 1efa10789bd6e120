import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { saveOnboardingUserState } from "~/features/onboarding/api.server";
import { methodNotAllowed } from "~/http/api.server";

/** POST /api/apps/saveOnboardingUserState/{storefrontSlug}/{appSlug} {userState, pagesInfo} → {status}; signed in, or X-Non-Auth-User-Id / the anonymous cookie. */
export const loader = (_args: LoaderFunctionArgs) => methodNotAllowed();
export const action = (args: ActionFunctionArgs) => saveOnboardingUserState(args, false);
