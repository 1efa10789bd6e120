import { z } from "zod";
import { describeInLibrary } from "~/features/media/describe/in-library.server";
import { uploadAppMedia } from "~/features/media/media.server";
import { mediaMessages } from "~/features/media/rules";
import { uploadFields } from "~/features/media/schema";
import { apiJson, jsonError, methodNotAllowed, signedInAction } from "~/http/api.server";
import { MAX_UPLOAD_REQUEST_BYTES, uploadMessages } from "~/platform/adapters/storage/media.server";

const MULTIPART_ONLY = "Send the upload as multipart/form-data with the fields appId and file";

/**
 * POST /api/app-builder/uploadAppMedia, multipart {appId, file, parentMediaId?, topicId?, describe?} (auth, owner)
 * → 201 {response: {success, media}} (ours; the library's upload). The file's bytes decide its kind
 * (image, audio, video or PDF, never its name) and its size limit; a request larger than the
 * largest file is refused before it is read (413). appId may also come in the query string.
 */
export const action = signedInAction(
  z.object({ appId: z.string().optional() }).passthrough(),
  async ({ input, app, user, request }) => {
    if (!(request.headers.get("Content-Type") ?? "").includes("multipart/form-data"))
      return jsonError(400, MULTIPART_ONLY);
    const length = Number(request.headers.get("Content-Length") ?? "0");
    if (length > MAX_UPLOAD_REQUEST_BYTES)
      return apiJson(
        { status: "error", error: uploadMessages.requestTooLarge, detail: uploadMessages.requestTooLarge },
        { status: 413 },
      );
    const form = await request.formData().catch(() => null);
    if (!form) return jsonError(400, MULTIPART_ONLY);
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === "string" ? value : undefined;
    };
    const fields = uploadFields.safeParse({
      appId: text("appId") ?? input.appId,
      parentMediaId: text("parentMediaId"),
      topicId: text("topicId"),
    });
    if (!fields.success) {
      const issue = fields.error.issues[0];
      return jsonError(400, issue?.message ?? "Invalid request");
    }
    const file = form.get("file");
    if (!file || typeof file === "string" || file.size === 0) {
      const message = file && typeof file !== "string" ? uploadMessages.empty : mediaMessages.noFile;
      return jsonError(400, message, [{ field: "file", message }]);
    }
    const { appId, ...place } = fields.data;
    const media = await uploadAppMedia(app, user, appId, file, place);
    // The library's own uploads (describe=1) are described in the background, as its form's are.
    if (text("describe") === "1") await describeInLibrary(app, user, media, new URL(request.url).origin);
    return apiJson({ response: { success: true, media } }, { status: 201 });
  },
  { body: "query" },
);
export const loader = methodNotAllowed;
