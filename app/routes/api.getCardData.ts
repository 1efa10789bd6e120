import { z } from "zod";
import { savedCardOf } from "~/features/checkout/fulfil.server";
import { methodNotAllowed, signedInAction } from "~/http/api.server";

/**
 * POST /api/getCardData (any body, or none) → {card: {brand, last4, expMonth, expYear} | null}: the
 * card the user last paid with, never its number.
 */
export const action = signedInAction(
  z.object({}),
  async ({ app, user }) => {
    const card = await savedCardOf(app, user.id);
    return {
      card: card ? { brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear } : null,
    };
  },
  { body: "ignored" },
);
export const loader = methodNotAllowed;
