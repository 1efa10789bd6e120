import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getPaymentOptions } from "~/features/apps/api.server";

/** GET /api/payments/payment-options/{storefrontSlug}/{appSlug}?user_id= → {status:'success', response} from the app's published pricing. */
export const loader = ({ params, context }: LoaderFunctionArgs) => getPaymentOptions(context.app, params);
