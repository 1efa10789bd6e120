import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { openIdConfiguration } from "~/features/identity/hosted-login.server";

/** GET /.well-known/openid-configuration: hosted login's discovery document (the issuer is the origin asked). */
export function loader({ request }: LoaderFunctionArgs) {
  return Response.json(openIdConfiguration(new URL(request.url).origin), {
    headers: { "Cache-Control": "public, max-age=3600", "Access-Control-Allow-Origin": "*" },
  });
}
