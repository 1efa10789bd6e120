import { buildApp } from "~/features/apps/api.server";
import { methodNotAllowed } from "~/http/api.server";

/** POST /api/app-builder/buildApp {appIdea} (auth): makes an app from the idea, as the dashboard's form does. */
export const action = buildApp;
export const loader = methodNotAllowed;
