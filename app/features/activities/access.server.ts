/**
 * Who may run an app's activities and its AI calls: the app's owner (an admin too), simulating an
 * end user; or an end user who may use the app, as the onboarding and plan pages decide it: they
 * have a personalized plan for it (their real one, not a persona's) or an active plan bought for it
 * (app_subscriptions, as the plan picker reads it). Anyone else is refused (403), an unknown app 404.
 */
import { and, eq } from "drizzle-orm";
import { personalizedPlans, type AppRow, type UserRow } from "~/db/schema";
import { appById } from "~/features/apps/apps.server";
import { activeAppPlan } from "~/features/apps/payment-options.server";
import type { AppContext } from "~/platform/context";
import { ServiceError } from "~/platform/service-error";
import { activityMessages } from "./rules";

export type Caller = Pick<UserRow, "id" | "isAdmin">;

export interface OpenedApp {
  row: AppRow;
  /** owner: the app's creator (or an admin), who may simulate; member: an end user of it. */
  role: "owner" | "member";
}

export async function openActivityApp(app: AppContext, user: Caller, appId: string): Promise<OpenedApp> {
  const row = await appById(app, appId);
  if (!row) throw new ServiceError("not-found", activityMessages.appNotFound);
  if (row.ownerId === user.id || user.isAdmin) return { row, role: "owner" };
  if (await mayUseApp(app, appId, user.id)) return { row, role: "member" };
  throw new ServiceError("forbidden", activityMessages.noAccess);
}

/** An end user's right to the app: a real (not simulated) personalized plan, or an active bought plan. */
export async function mayUseApp(app: AppContext, appId: string, userId: string): Promise<boolean> {
  const plan = await app.db
    .select({ id: personalizedPlans.id })
    .from(personalizedPlans)
    .where(
      and(
        eq(personalizedPlans.appId, appId),
        eq(personalizedPlans.subject, userId),
        eq(personalizedPlans.testingStepId, ""),
      ),
    )
    .get();
  return !!plan || (await activeAppPlan(app, appId, userId)) !== null;
}

/** The app for its owner only (simulation uploads, testing-step runs). */
export async function openOwnerApp(app: AppContext, user: Caller, appId: string, why: string): Promise<AppRow> {
  const opened = await openActivityApp(app, user, appId);
  if (opened.role !== "owner") throw new ServiceError("forbidden", why);
  return opened.row;
}
