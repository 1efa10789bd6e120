import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiJson, failureAnswer, jsonError, methodNotAllowed } from "~/http/api.server";
import { visitorOf } from "~/http/visitor.server";
import { openOwnedApp, publishApp } from "~/features/builder/builder.server";
import { messages as identityMessages } from "~/features/identity/rules";
import { ServiceError } from "~/platform/service-error";

/**
 * POST /api/apps/publishApp/{appId} (auth) → {response:{success, isPublished, publishedAt}}; 403
 * without an active studio tier. The spec gives this call no body: whatever is sent (nothing, an
 * empty JSON body, a form) is not read, which is why it is not one of the wrappers (they read one).
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const app = context.app;
  const { user } = await visitorOf(app, request, { bearer: true });
  if (!user) return jsonError(401, identityMessages.notAuthenticated);
  if (request.method !== "POST") return methodNotAllowed();
  const row = await openOwnedApp(app, user, params.appId ?? "").catch(failureAnswer);
  if (row instanceof Response) return row;
  try {
    const { publishedAt } = await publishApp(app, row);
    return apiJson({ response: { success: true, isPublished: true, publishedAt } });
  } catch (error) {
    // Refused for want of (room in) a studio tier: the spec's answer says so.
    if (error instanceof ServiceError && error.failure === "forbidden")
      return apiJson(
        { status: "error", error: error.message, detail: error.message, needsStudioTier: true },
        { status: 403 },
      );
    return failureAnswer(error);
  }
}
export const loader = methodNotAllowed;
