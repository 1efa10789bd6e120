import { z } from "zod";
import { signedInLoader } from "~/features/identity/api-auth.server";
import { apiJson, methodNotAllowed } from "~/platform/api.server";

/** GET /api/getMonthlyCreditForUser → {monthlyCreditInfo: {monthlyCredit}} in dollars, as the spec keeps it. */
export const loader = signedInLoader(z.object({}), async (_input, user) =>
  apiJson({ monthlyCreditInfo: { monthlyCredit: user.monthlyCreditInfo?.monthlyCredit ?? 0 } }),
);
export const action = methodNotAllowed;
