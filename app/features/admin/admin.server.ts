/**
 * /admin: the server decides who is an admin (users.is_admin, made by `npm run admin`). Admins find
 * users, switch their VIP and creator flags, and edit feature flags (the home banner's payload is
 * checked against its schema). Every action re-checks the caller.
 */
import { data, redirect } from "@remix-run/cloudflare";
import { asc, eq, or, sql } from "drizzle-orm";
import { z } from "zod";
import { featureFlags, users, type UserRow } from "~/db/schema";
import { flagCacheKey } from "~/features/flags/flags.server";
import { BANNER_FLAG, bannerPayloadSchema } from "~/features/flags/banner";
import { currentUser } from "~/features/identity/sessions.server";
import type { AppContext } from "~/platform/context";
import { isSecureRequest, formDataOf } from "~/platform/http.server";
import { setToastHeader } from "~/platform/toast.server";

const SEARCH_LIMIT = 25;

/** The signed-in admin, or the response that stops everyone else (visitors to Log In, others 403). */
export async function requireAdmin(app: AppContext, request: Request): Promise<UserRow> {
  const user = await currentUser(app, request);
  if (!user) throw redirect(`/?auth=Login&redirect=${encodeURIComponent(new URL(request.url).pathname)}`);
  if (!user.isAdmin) throw new Response("Admins only", { status: 403 });
  return user;
}

export async function searchUsers(app: AppContext, query: string) {
  const q = query.trim().toLowerCase().slice(0, 100);
  // instr, not LIKE: D1 refuses LIKE patterns past ~50 characters ("pattern too complex"), and the
  // query is plain text (a % or _ in it is a letter, not a wildcard).
  const where = q
    ? or(
        sql`instr(lower(${users.email}), ${q}) > 0`,
        sql`instr(lower(${users.firstName} || ' ' || ${users.lastName}), ${q}) > 0`,
        eq(users.id, q),
      )
    : undefined;
  const rows = await app.db.select().from(users).where(where).orderBy(asc(users.email)).limit(SEARCH_LIMIT).all();
  return rows.map((u) => ({
    id: u.id,
    email: u.email,
    name: `${u.firstName} ${u.lastName}`,
    signUpDate: u.signUpDate,
    isAdmin: u.isAdmin,
    isStudioVip: u.isStudioVip,
    isCreator: Boolean(u.creatorInfo),
    hasNewDashboardAccess: Boolean(u.creatorInfo?.hasNewDashboardAccess),
  }));
}

export async function listFlags(app: AppContext) {
  return app.db.select().from(featureFlags).orderBy(asc(featureFlags.key)).all();
}

export async function adminPage(app: AppContext, request: Request) {
  await requireAdmin(app, request);
  const q = new URL(request.url).searchParams.get("q") ?? "";
  const [found, flags] = await Promise.all([searchUsers(app, q), listFlags(app)]);
  return {
    q,
    users: found,
    flags: flags.map((f) => ({
      key: f.key,
      enabled: f.enabled,
      payload: f.payload ? JSON.stringify(f.payload, null, 2) : "",
    })),
    limit: SEARCH_LIMIT,
  };
}

const userFlag = z.object({
  userId: z.string().uuid(),
  flag: z.enum(["isStudioVip", "isCreator", "hasNewDashboardAccess"]),
  value: z.enum(["on", "off"]),
});

export const FLAG_KEY = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;
const featureFlagInput = z.object({
  key: z.string().trim().regex(FLAG_KEY, "A flag key is letters, digits, '.', '_', ':' or '-' (at most 128)."),
  enabled: z.literal("on").optional(),
  payload: z.string().max(10_000, "The payload is too long.").optional(),
});

type FlagAnswer = { intent: "flag"; key: string; error: string };

async function back(request: Request, to: string, title: string) {
  return redirect(to, {
    status: 303,
    headers: { "Set-Cookie": await setToastHeader({ kind: "success", title }, isSecureRequest(request)) },
  });
}

/** Parses a flag's payload: JSON object or empty; the home banner's must match its schema. */
export function parseFlagPayload(
  key: string,
  raw: string | undefined,
): { ok: true; value: Record<string, unknown> | null } | { ok: false; error: string } {
  if (!raw?.trim()) return { ok: true, value: null };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ok: false, error: "The payload must be JSON." };
  }
  if (!value || typeof value !== "object" || Array.isArray(value))
    return { ok: false, error: "The payload must be a JSON object." };
  if (key === BANNER_FLAG) {
    const banner = bannerPayloadSchema.safeParse(value);
    if (!banner.success)
      return {
        ok: false,
        error: `The banner payload is not valid: ${banner.error.issues.map((i) => `${i.path.join(".") || "payload"} ${i.message}`).join("; ")}`,
      };
  }
  return { ok: true, value: value as Record<string, unknown> };
}

export async function adminAction(app: AppContext, request: Request) {
  await requireAdmin(app, request);
  const form = Object.fromEntries((await formDataOf(request)) ?? new FormData());
  const returnTo = `/admin${typeof form.q === "string" && form.q ? `?q=${encodeURIComponent(form.q)}` : ""}`;

  if (form.intent === "user-flag") {
    const input = userFlag.safeParse(form);
    if (!input.success) return data({ intent: "user-flag", error: "That change could not be made." }, { status: 400 });
    const target = await app.db.select().from(users).where(eq(users.id, input.data.userId)).get();
    if (!target) return data({ intent: "user-flag", error: "No such user." }, { status: 404 });
    const on = input.data.value === "on";
    if (input.data.flag === "isStudioVip") {
      await app.db.update(users).set({ isStudioVip: on }).where(eq(users.id, target.id));
    } else {
      const info = target.creatorInfo ?? {};
      const creatorInfo =
        input.data.flag === "isCreator"
          ? on
            ? { ...info, hasNewDashboardAccess: Boolean(info.hasNewDashboardAccess) }
            : null
          : { ...info, hasNewDashboardAccess: on };
      await app.db.update(users).set({ creatorInfo }).where(eq(users.id, target.id));
    }
    return back(request, returnTo, `Saved for ${target.email}.`);
  }

  if (form.intent === "flag") {
    const input = featureFlagInput.safeParse(form);
    const key = typeof form.key === "string" ? form.key : "";
    if (!input.success)
      return data<FlagAnswer>({ intent: "flag", key, error: input.error.issues[0].message }, { status: 400 });
    const payload = parseFlagPayload(input.data.key, input.data.payload);
    if (!payload.ok) return data<FlagAnswer>({ intent: "flag", key, error: payload.error }, { status: 400 });
    await app.db
      .insert(featureFlags)
      .values({ key: input.data.key, enabled: input.data.enabled === "on", payload: payload.value, updatedAt: app.now })
      .onConflictDoUpdate({
        target: featureFlags.key,
        set: { enabled: input.data.enabled === "on", payload: payload.value, updatedAt: app.now },
      });
    // Pages read flags through KV for a minute; the change shows at once.
    await app.bindings.CACHE.delete(flagCacheKey(input.data.key));
    return back(request, returnTo, `Flag ${input.data.key} saved.`);
  }

  return data({ intent: "unknown", error: "Unknown action" }, { status: 400 });
}
