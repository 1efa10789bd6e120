import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import {
  NOT_A_JSON_OBJECT,
  identityAction,
  unknownOperation,
  type IdentityAnswer,
} from "~/features/identity/identity-service.server";
import { clientOf } from "~/platform/client.server";

const answer = ({ status, body }: IdentityAnswer) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/x-amz-json-1.1", "Cache-Control": "no-store" },
  });

/**
 * POST /api/identity (and /api/identity/): the identity service in the hosted user pool's wire format.
 * The action is named in `X-Amz-Target`; the body is a JSON object (application/x-amz-json-1.1, read
 * as bytes: workerd does not treat that content type as text); every answer is that content type.
 * This speaks the wire format; the service's rules live in features/identity/identity-service.server.ts.
 */
async function identityEndpoint({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST")
    return answer({ status: 405, body: { __type: "InvalidParameterException", message: "Use POST" } });
  const target = request.headers.get("X-Amz-Target") ?? "";
  const action = identityAction(target);
  if (!action) return answer(unknownOperation(target));
  let body: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(new TextDecoder().decode(await request.arrayBuffer()));
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("not an object");
    body = parsed as Record<string, unknown>;
  } catch {
    return answer(NOT_A_JSON_OBJECT);
  }
  const call = { client: clientOf(context.app.env, request), issuer: new URL(request.url).origin };
  return answer(await action(context.app, body, call));
}

export const action = identityEndpoint;
export const loader = identityEndpoint;
