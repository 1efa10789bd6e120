import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getOnboardingUserState } from "~/features/onboarding/api.server";
import { methodNotAllowed } from "~/http/api.server";

/** GET /api/apps/getOnboardingUserState/{storefrontSlug}/{appSlug} → {response: {userState, pagesInfo}}. */
export const loader = (args: LoaderFunctionArgs) => getOnboardingUserState(args, false);
export const action = (_args: ActionFunctionArgs) => methodNotAllowed();
