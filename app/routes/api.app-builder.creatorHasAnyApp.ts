import { z } from "zod";
import { creatorHasAnyApp } from "~/features/apps/creator-apps.server";
import { signedInLoader } from "~/http/api.server";

/** GET /api/app-builder/creatorHasAnyApp → {response: {hasAny}}. */
export const loader = signedInLoader(z.object({}).passthrough(), async ({ app, user }) => {
  try {
    return { response: { hasAny: await creatorHasAnyApp(app, user.id) } };
  } catch {
    return { response: { hasAny: false } };
  }
});
