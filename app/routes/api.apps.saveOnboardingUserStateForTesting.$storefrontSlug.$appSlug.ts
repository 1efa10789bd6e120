import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { saveOnboardingUserState } from "~/features/onboarding/api.server";
import { methodNotAllowed } from "~/http/api.server";

/** POST /api/apps/saveOnboardingUserStateForTesting/{storefrontSlug}/{appSlug} {userState, pagesInfo, testingStepId}: the app owner's preview. */
export const loader = (_args: LoaderFunctionArgs) => methodNotAllowed();
export const action = (args: ActionFunctionArgs) => saveOnboardingUserState(args, true);
