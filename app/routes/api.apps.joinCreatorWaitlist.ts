import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { joinCreatorWaitlistApi } from "~/features/creators/waitlist.server";

/** POST /api/apps/joinCreatorWaitlist {email} → {status, message} (creator-app-builder spec 7); GET is a 405. */
export const action = ({ request, context }: ActionFunctionArgs) => joinCreatorWaitlistApi(context.app, request);
export const loader = ({ request, context }: LoaderFunctionArgs) => joinCreatorWaitlistApi(context.app, request);
