import { linkPreview } from "~/features/media/describe/link-preview.server";
import { linkPreviewBody } from "~/features/media/describe/schema";
import { LINK_PREVIEW_FAILED, fixedFailure } from "~/features/media/describe/messages";
import { methodNotAllowed, signedInAction } from "~/http/api.server";

/**
 * POST /api/app-builder/link-preview {url} (auth) → {success:true, response: {url, title, description,
 * image, siteName, author, favicon, type}}: read server-side from the page's Open Graph, Twitter,
 * standard and oEmbed tags, through the safe fetch (public http(s) addresses only), kept in KV a
 * few hours. Signed in only: the server fetching any link for anyone would be an open relay.
 * Every failure: {success:false, error:'Failed to fetch link preview', detail}.
 */
export const action = signedInAction(
  linkPreviewBody,
  async ({ input, app }) => ({ success: true, response: await linkPreview(app, input.url) }),
  { failure: fixedFailure(LINK_PREVIEW_FAILED) },
);
export const loader = methodNotAllowed;
