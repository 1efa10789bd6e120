import { getAppMediaById } from "~/features/media/media.server";
import { appMediaByIdQuery } from "~/features/media/schema";
import { signedInLoader } from "~/http/api.server";

/** GET /api/app-builder/getAppMediaById?appId&mediaId (auth, owner) → {response: {media}}; 404 'Media not found'. */
export const loader = signedInLoader(appMediaByIdQuery, async ({ input, app, user }) => ({
  response: { media: await getAppMediaById(app, user, input) },
}));
