import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getAppOnboardingFlow } from "~/features/onboarding/api.server";
import { methodNotAllowed } from "~/http/api.server";

/** GET /api/apps/getAppOnboardingFlow/{storefrontSlug}/{appSlug} → {status, flow}: the published onboarding flow (404 when the app is not published). */
export const loader = (args: LoaderFunctionArgs) => getAppOnboardingFlow(args);
export const action = (_args: ActionFunctionArgs) => methodNotAllowed();
