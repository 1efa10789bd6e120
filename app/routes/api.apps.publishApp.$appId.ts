import { z } from "zod";
import { openOwnedApp, publishApp } from "~/features/builder/builder.server";
import { apiJson, methodNotAllowed, signedInAction } from "~/http/api.server";
import { ServiceError } from "~/platform/service-error";

/**
 * POST /api/apps/publishApp/{appId} (auth) → {response:{success, isPublished, publishedAt}}; 403
 * without an active studio tier. The spec gives this call no body: whatever is sent (nothing, an
 * empty JSON body, a form) is not read.
 */
export const action = signedInAction(
  z.object({}),
  async ({ app, user, params }) => {
    const row = await openOwnedApp(app, user, params.appId ?? "");
    try {
      const { publishedAt } = await publishApp(app, row);
      return { response: { success: true, isPublished: true, publishedAt } };
    } catch (error) {
      // Refused for want of (room in) a studio tier: the spec's answer says so.
      if (error instanceof ServiceError && error.failure === "forbidden")
        return apiJson(
          { status: "error", error: error.message, detail: error.message, needsStudioTier: true },
          { status: 403 },
        );
      throw error;
    }
  },
  { body: "ignored" },
);
export const loader = methodNotAllowed;
