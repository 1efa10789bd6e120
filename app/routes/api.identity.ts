import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { handleIdentityRequest } from "~/features/identity/identity-service.server";

/** POST /api/identity (and /api/identity/): the identity service in the hosted user pool's wire format. */
export const action = ({ request, context }: ActionFunctionArgs) => handleIdentityRequest(context.app, request);
export const loader = ({ request, context }: ActionFunctionArgs) => handleIdentityRequest(context.app, request);
