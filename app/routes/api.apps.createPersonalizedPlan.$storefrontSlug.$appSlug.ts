import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { createPlan } from "~/features/onboarding/api.server";
import { methodNotAllowed } from "~/http/api.server";

/** POST /api/apps/createPersonalizedPlan/{storefrontSlug}/{appSlug} {userState, forceRegenerate} → {status} (failure {status: 'error'}). */
export const loader = (_args: LoaderFunctionArgs) => methodNotAllowed();
export const action = (args: ActionFunctionArgs) => createPlan(args, false);
