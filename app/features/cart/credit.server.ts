/**
 * Monthly credit (spec 5): kept on the user in dollars (monthlyCreditInfo.monthlyCredit), worked in
 * cents. 0 when signed out or when the stored value is unusable: a credit problem never blocks a purchase.
 */
import type { UserRow } from "~/db/schema";
import { creditCents } from "./rules";

export function monthlyCreditCents(user: Pick<UserRow, "monthlyCreditInfo"> | null): number {
  return user ? creditCents(user.monthlyCreditInfo?.monthlyCredit) : 0;
}
