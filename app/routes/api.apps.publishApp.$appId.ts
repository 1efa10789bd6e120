import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiJson, failureAnswer, jsonError, methodNotAllowed } from "~/http/api.server";
import { visitorOf } from "~/http/visitor.server";
import { openOwnedApp, publishApp } from "~/features/builder/builder.server";
import { messages as identityMessages } from "~/features/identity/rules";

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
  try {
    const row = await openOwnedApp(app, user, params.appId ?? "");
    const outcome = await publishApp(app, row);
    if (!outcome.ok)
      return Response.json(
        { status: "error", error: outcome.error, detail: outcome.error, needsStudioTier: true },
        { status: outcome.status },
      );
    return apiJson({ response: { success: true, isPublished: true, publishedAt: outcome.publishedAt } });
  } catch (error) {
    return failureAnswer(error);
  }
}
export const loader = methodNotAllowed;
