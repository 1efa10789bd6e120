import { z } from "zod";
import { apiJson, methodNotAllowed, signedInAction } from "~/http/api.server";
import { saveOfferSighting } from "~/features/offers/offers.server";
import { OFFER_NAME } from "~/features/offers/rules";

const epochMs = (name: string) =>
  z
    .number({ required_error: `${name} is required`, invalid_type_error: `${name} must be a time in milliseconds` })
    .int()
    .positive()
    .max(8_640_000_000_000_000);

const body = z.object({
  offer_key: z.literal(OFFER_NAME, { errorMap: () => ({ message: `offer_key must be '${OFFER_NAME}'` }) }),
  exp_date_seen: epochMs("exp_date_seen"),
  offer_last_seen: epochMs("offer_last_seen"),
});

/** POST /api/saveLastSeenOfferInfo {offer_key, exp_date_seen, offer_last_seen} → {success, offersSeenInfo}. Values only grow. */
export const action = signedInAction(body, async ({ input, user, app }) => {
  const lastSeen = Math.min(input.offer_last_seen, app.now);
  const saved = await saveOfferSighting(app, user.id, input.offer_key, {
    expirationDateSeen: input.exp_date_seen,
    lastSeenCurrentOffer: lastSeen,
  });
  return apiJson({ success: true, offersSeenInfo: { [input.offer_key]: saved } });
});
export const loader = methodNotAllowed;
