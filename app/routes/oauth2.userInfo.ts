import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { userInfo } from "~/features/identity/hosted-login.server";

/** GET or POST /oauth2/userInfo with `Authorization: Bearer <access token>`: the user's claims. */
async function userInfoEndpoint({ request, context }: LoaderFunctionArgs) {
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.get("Authorization") ?? "")?.[1] ?? null;
  const answer = await userInfo(context.app, bearer);
  return Response.json(answer.body, {
    status: answer.status,
    headers: {
      "Cache-Control": "no-store",
      ...(answer.status === 401 ? { "WWW-Authenticate": 'Bearer error="invalid_token"' } : {}),
    },
  });
}

export const loader = userInfoEndpoint;
export const action = userInfoEndpoint;
