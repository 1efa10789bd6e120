import { listMediaByParent } from "~/features/media/media.server";
import { mediaByParentQuery } from "~/features/media/schema";
import { signedInLoader } from "~/http/api.server";

/**
 * GET /api/app-builder/getMediaByParent?parentMediaId&limit&cursorUploadDate&ascending (auth, owner) →
 * {response: {media, nextCursor}}: a podcast's episodes or a channel's videos by upload date, newest
 * first (oldest first with ascending=true), 30 a page; nextCursor goes back as cursorUploadDate.
 */
export const loader = signedInLoader(mediaByParentQuery, async ({ input, app, user }) => ({
  response: await listMediaByParent(app, user, input),
}));
