import { publishedOnboardingFlow, schemas } from "~/features/onboarding/api.server";
import { apiLoader, methodNotAllowed } from "~/http/api.server";
import { appRefOf } from "~/http/app-ref.server";

/** GET /api/apps/getAppOnboardingFlow/{storefrontSlug}/{appSlug} → {status, flow}: the published onboarding flow (404 when the app is not published). */
export const loader = apiLoader(schemas.none, ({ app, params }) => publishedOnboardingFlow(app, appRefOf(params)));
export const action = methodNotAllowed;
