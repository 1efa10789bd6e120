import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { publishedKeys, signingKey } from "~/features/identity/signing-keys.server";

/**
 * GET /.well-known/jwks.json: the public keys that check the identity API's id and access tokens.
 * A key is made here if none is yet, so a client that reads the set before the first sign-in does
 * not cache an empty one. Clients cache it for an hour, as they do the hosted service's.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  await signingKey(context.app);
  return Response.json(await publishedKeys(context.app), {
    headers: { "Cache-Control": "public, max-age=3600", "Access-Control-Allow-Origin": "*" },
  });
}
