import { getCreatorHasAnyApp } from "~/features/apps/api.server";

/** GET /api/app-builder/creatorHasAnyApp → {response: {hasAny}}. */
export const loader = getCreatorHasAnyApp;
