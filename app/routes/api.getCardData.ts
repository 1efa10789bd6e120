import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { savedCards } from "~/db/schema";
import { messages } from "~/features/identity/rules";
import { apiJson, jsonError, methodNotAllowed } from "~/http/api.server";
import { apiUserOf } from "~/http/session.server";

/**
 * POST /api/getCardData (any body, or none) → {card: {brand, last4, expMonth, expYear} | null}: the
 * card the user last paid with, never its number.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, "Method not allowed");
  const user = await apiUserOf(context.app, request);
  if (!user) return jsonError(401, messages.notAuthenticated);
  const card = await context.app.db.select().from(savedCards).where(eq(savedCards.userId, user.id)).get();
  return apiJson({
    card: card ? { brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear } : null,
  });
}
export const loader = methodNotAllowed;
