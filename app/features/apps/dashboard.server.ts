/**
 * The creator's apps on /dashboard (and on /v2/dashboard for new-dashboard users): the cards,
 * recently opened first, the new-app-from-an-idea form (its draft kept on the server for visitors
 * without JavaScript), 'Mark as idea' and 'Open builder' (which records the app as recently opened).
 * Every action is a form post answered with a 303; a bad idea re-renders the form with its message.
 */
import { data, redirect } from "@remix-run/cloudflare";
import { z } from "zod";
import type { UserRow } from "~/db/schema";
import { EVENTS } from "~/features/analytics/events";
import { recordEvent } from "~/features/analytics/record.server";
import { requireUser } from "~/features/identity/sessions.server";
import type { AppContext } from "~/platform/context";
import { formDataOf } from "~/platform/http.server";
import { setToastHeader } from "~/platform/toast.server";
import { isSecureRequest } from "~/platform/http.server";
import { ownedApp } from "./apps.server";
import {
  appCard,
  createAppFromIdea,
  creatorApps,
  markRecentlyOpened,
  setIsIdea,
  type AppCard,
} from "./creator-apps.server";
import { appIdeaSchema, IDEA_LIMITS, IDEA_MESSAGES, type IdeaDraft } from "./rules";

/** The idea draft kept for a signed-in creator (no JavaScript needed): KV, 30 days. */
const DRAFT_TTL_SECONDS = 30 * 86_400;
const draftKey = (userId: string) => `apps:idea-draft:${userId}`;

/** The draft kept on the server, with when it was kept (the newer of it and the browser's copy wins). */
export async function serverIdeaDraft(app: AppContext, userId: string): Promise<IdeaDraft | null> {
  try {
    const raw = await app.bindings.CACHE.get(draftKey(userId));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<IdeaDraft>;
    return typeof parsed.appIdea === "string" && typeof parsed.timestamp === "number"
      ? { appIdea: parsed.appIdea, timestamp: parsed.timestamp }
      : null;
  } catch {
    return null;
  }
}

async function keepIdeaDraft(app: AppContext, userId: string, appIdea: string) {
  try {
    const text = appIdea.slice(0, IDEA_LIMITS.max);
    if (text.trim())
      await app.bindings.CACHE.put(
        draftKey(userId),
        JSON.stringify({ appIdea: text, timestamp: app.now } satisfies IdeaDraft),
        { expirationTtl: DRAFT_TTL_SECONDS },
      );
    else await app.bindings.CACHE.delete(draftKey(userId));
  } catch (error) {
    console.warn("app idea draft: could not keep it", error);
  }
}

export interface CreatorAppsSection {
  apps: AppCard[];
  ideaDraft: IdeaDraft | null;
}

export async function creatorAppsSection(app: AppContext, user: Pick<UserRow, "id">): Promise<CreatorAppsSection> {
  const [rows, ideaDraft] = await Promise.all([creatorApps(app, user.id), serverIdeaDraft(app, user.id)]);
  return { apps: rows.map(appCard), ideaDraft };
}

export async function loadCreatorDashboard(app: AppContext, request: Request) {
  const user = await requireUser(app, request, "/dashboard");
  const section = await creatorAppsSection(app, user);
  return { firstName: user.firstName, ...section };
}

/** What a refused new-app post re-renders. */
export interface NewAppFormResult {
  intent: "create";
  appIdea: string;
  error: string;
  timestamp: number;
}

const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), appIdea: z.string().optional() }),
  z.object({ intent: z.literal("save-draft"), appIdea: z.string().optional() }),
  z.object({ intent: z.literal("open"), appId: z.string().uuid() }),
  z.object({ intent: z.literal("mark-idea"), appId: z.string().uuid(), isIdea: z.enum(["true", "false"]) }),
]);

/** The actions of the apps section, on /dashboard and /v2/dashboard alike (back to the same page). */
export async function creatorDashboardAction(app: AppContext, request: Request) {
  const page = new URL(request.url).pathname;
  const user = await requireUser(app, request, page);
  const form = await formDataOf(request);
  const fields = Object.fromEntries([...(form ?? new FormData())].filter(([, v]) => typeof v === "string"));
  const parsed = intentSchema.safeParse(fields);
  if (!parsed.success) throw new Response("Bad request", { status: 400 });
  const input = parsed.data;

  if (input.intent === "create" || input.intent === "save-draft") {
    const typed = (input.appIdea ?? "").slice(0, IDEA_LIMITS.max * 2);
    if (input.intent === "save-draft") {
      await keepIdeaDraft(app, user.id, typed);
      throw redirect(`${page}?draft=saved#new-app`, {
        status: 303,
        headers: {
          "Set-Cookie": await setToastHeader(
            { kind: "success", title: "Your idea is saved" },
            isSecureRequest(request),
          ),
        },
      });
    }
    const idea = appIdeaSchema.safeParse({ appIdea: typed });
    if (!idea.success) {
      await keepIdeaDraft(app, user.id, typed);
      return data<NewAppFormResult>(
        {
          intent: "create",
          appIdea: typed.slice(0, IDEA_LIMITS.max),
          error: idea.error.issues[0]?.message ?? IDEA_MESSAGES.required,
          timestamp: app.now,
        },
        { status: 400 },
      );
    }
    let created;
    try {
      created = await createAppFromIdea(app, user, idea.data.appIdea);
    } catch (error) {
      console.error("apps: could not create an app", error);
      await keepIdeaDraft(app, user.id, typed);
      return data<NewAppFormResult>(
        {
          intent: "create",
          appIdea: typed.slice(0, IDEA_LIMITS.max),
          error: IDEA_MESSAGES.createFailed,
          timestamp: app.now,
        },
        { status: 503 },
      );
    }
    await keepIdeaDraft(app, user.id, "");
    recordEvent(app, EVENTS.creatorDashboardGetStarted, { userId: user.id }, { appId: created.id, path: page });
    throw redirect(`/dashboard/builder?appId=${created.id}`, 303);
  }

  const owned = await ownedApp(app, user, input.appId);
  if (!owned.ok) throw new Response(owned.error, { status: owned.status });
  if (input.intent === "open") {
    await markRecentlyOpened(app, owned.row.id);
    throw redirect(`/dashboard/builder?appId=${owned.row.id}`, 303);
  }
  await setIsIdea(app, owned.row.id, input.isIdea === "true");
  throw redirect(`${page}#app-${owned.row.id}`, 303);
}
