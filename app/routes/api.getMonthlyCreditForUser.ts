import { z } from "zod";
import { methodNotAllowed, signedInLoader } from "~/http/api.server";

/** GET /api/getMonthlyCreditForUser → {monthlyCreditInfo: {monthlyCredit}} in dollars, as the spec keeps it. */
export const loader = signedInLoader(z.object({}), async ({ user }) => ({
  monthlyCreditInfo: { monthlyCredit: user.monthlyCreditInfo?.monthlyCredit ?? 0 },
}));
export const action = methodNotAllowed;
