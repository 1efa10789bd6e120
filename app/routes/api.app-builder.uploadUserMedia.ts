import { z } from "zod";
import { uploadUserMediaBody, uploadUserMediaFields } from "~/features/activities/schema";
import { activityMessages } from "~/features/activities/rules";
import { recordUpload, uploadUserFile } from "~/features/activities/uploads.server";
import { apiJson, jsonError, methodNotAllowed, readBody, signedInAction } from "~/http/api.server";
import { MAX_UPLOAD_REQUEST_BYTES, uploadMessages } from "~/platform/adapters/storage/media.server";

const firstIssue = (error: z.ZodError) => error.issues[0]?.message ?? "Invalid request";

/**
 * POST /api/app-builder/uploadUserMedia (auth) → 201 {response: {success:true, upload}}. Either JSON
 * {appId, type, url, activityId?, isForSimulation?} recording a file already among the caller's own
 * uploads for the app, or multipart {appId, type?, activityId?, isForSimulation?, file} storing the
 * file (its bytes decide its kind and size limit) under user-media/{appId}/{userId}/ first.
 * isForSimulation defaults to true, and simulation uploads are the app owner's only.
 */
export const action = signedInAction(
  z.object({}).passthrough(),
  async ({ app, user, request }) => {
    const type = request.headers.get("Content-Type") ?? "";
    if (type.includes("multipart/form-data")) {
      if (Number(request.headers.get("Content-Length") ?? "0") > MAX_UPLOAD_REQUEST_BYTES)
        return apiJson(
          { error: uploadMessages.requestTooLarge, detail: uploadMessages.requestTooLarge },
          { status: 413 },
        );
      const form = await request.formData().catch(() => null);
      if (!form) return jsonError(400, "The upload could not be read");
      const text = (name: string) => (typeof form.get(name) === "string" ? (form.get(name) as string) : undefined);
      const fields = uploadUserMediaFields.safeParse({
        appId: text("appId"),
        type: text("type") || undefined,
        activityId: text("activityId") || undefined,
        isForSimulation: text("isForSimulation"),
      });
      if (!fields.success) return jsonError(400, firstIssue(fields.error));
      const file = form.get("file");
      if (!file || typeof file === "string") return jsonError(400, activityMessages.noFile);
      if (file.size === 0) return jsonError(400, uploadMessages.empty);
      const upload = await uploadUserFile(app, user, fields.data, file);
      return apiJson({ response: { success: true, upload } }, { status: 201 });
    }
    const body = await readBody(request);
    if (!body) return jsonError(400, "The body must be JSON or multipart form data");
    const parsed = uploadUserMediaBody.safeParse(body);
    if (!parsed.success) return jsonError(400, firstIssue(parsed.error));
    const upload = await recordUpload(app, user, parsed.data);
    return apiJson({ response: { success: true, upload } }, { status: 201 });
  },
  { body: "ignored" },
);
export const loader = methodNotAllowed;
