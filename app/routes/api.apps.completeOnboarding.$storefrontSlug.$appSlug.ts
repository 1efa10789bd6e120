import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { completeOnboarding } from "~/features/onboarding/api.server";
import { methodNotAllowed } from "~/http/api.server";

/** POST /api/apps/completeOnboarding/{storefrontSlug}/{appSlug} {finalUserState, pagesInfo} → {status, planStatus}: stores the answers, then requests the plan. */
export const loader = (_args: LoaderFunctionArgs) => methodNotAllowed();
export const action = (args: ActionFunctionArgs) => completeOnboarding(args);
