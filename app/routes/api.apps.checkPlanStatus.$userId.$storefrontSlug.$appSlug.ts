import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { checkPlanStatus } from "~/features/onboarding/api.server";
import { methodNotAllowed } from "~/http/api.server";

/** GET /api/apps/checkPlanStatus/{userId}/{storefrontSlug}/{appSlug} (?testingStepId= for the preview) → {status, plan}; the userId must be the caller's own. */
export const loader = (args: LoaderFunctionArgs) => checkPlanStatus(args);
export const action = (_args: ActionFunctionArgs) => methodNotAllowed();
