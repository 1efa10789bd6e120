import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getOnboardingUserState } from "~/features/onboarding/api.server";
import { methodNotAllowed } from "~/http/api.server";

/** GET /api/apps/getOnboardingUserStateForTesting/{storefrontSlug}/{appSlug}?testingStepId= → {response: {userState, pagesInfo}}: the app owner's preview. */
export const loader = (args: LoaderFunctionArgs) => getOnboardingUserState(args, true);
export const action = (_args: ActionFunctionArgs) => methodNotAllowed();
