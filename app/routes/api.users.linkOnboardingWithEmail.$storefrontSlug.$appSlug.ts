import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { linkOnboarding } from "~/features/onboarding/api.server";
import { methodNotAllowed } from "~/http/api.server";

/** POST /api/users/linkOnboardingWithEmail/{storefrontSlug}/{appSlug} {email, nonAuthUserId?} → {status, linked}: the onboarding follows the email to its account. */
export const loader = (_args: LoaderFunctionArgs) => methodNotAllowed();
export const action = (args: ActionFunctionArgs) => linkOnboarding(args);
