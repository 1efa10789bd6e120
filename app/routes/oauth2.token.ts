import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { exchangeToken } from "~/features/identity/hosted-login.server";

const json = (status: number, body: unknown) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store", Pragma: "no-cache" } });

/** POST /oauth2/token (form-encoded): hosted login's token endpoint, for any origin (route-rules.ts TOKEN_APIS). */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return json(405, { error: "invalid_request", error_description: "Use POST." });
  const form = new URLSearchParams(await request.text());
  const answer = await exchangeToken(
    context.app,
    form,
    request.headers.get("Authorization"),
    new URL(request.url).origin,
  );
  return json(answer.status, answer.body);
}

export const loader = () => json(405, { error: "invalid_request", error_description: "Use POST." });
