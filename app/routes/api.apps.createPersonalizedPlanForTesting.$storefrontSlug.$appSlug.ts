import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { createPlan } from "~/features/onboarding/api.server";
import { methodNotAllowed } from "~/http/api.server";

/** POST /api/apps/createPersonalizedPlanForTesting/{storefrontSlug}/{appSlug} {userState, testingStepId, forceRegenerate} → {status}: the app owner's preview. */
export const loader = (_args: LoaderFunctionArgs) => methodNotAllowed();
export const action = (args: ActionFunctionArgs) => createPlan(args, true);
