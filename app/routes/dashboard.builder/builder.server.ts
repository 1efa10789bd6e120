/**
 * /dashboard/builder?appId=<id>[&section=landing|theme|onboarding|pricing][&mode=pricing_tiers|publish]:
 * the page assembly (who may open it, what each section shows) and the one action every form posts
 * to (works without JavaScript: a 303 back on success, the typed values and errors re-rendered on a
 * failure; the autosave fetcher gets data instead of the redirect).
 */
import { json, redirect } from "@remix-run/cloudflare";
import type { z } from "zod";
import type { AppRow, UserRow } from "~/db/schema";
import { activeStudioTier } from "~/features/apps/apps.server";
import type { LandingPage, OnboardingFlow, Pricing, Theme } from "~/db/app-content";
import {
  appsOwnedBy,
  draftOf,
  markRecentlyOpened,
  openOwnedApp,
  publishApp,
  publishedAppsBesides,
  restoreVersion,
  saveLandingPage,
  saveOnboardingFlow,
  saveTheme,
  studioCancelPath,
  studioCheckoutLine,
  studioPaymentOptions,
  studioSuccessPath,
  unpublishedChanges,
  updatePricing,
  versionPage,
  type StudioTierOption,
  type UnpublishedAnswer,
  type VersionPage,
} from "~/features/builder/builder.server";
import {
  builderMessages,
  builderPath,
  fieldName,
  formIndexProblem,
  publishBlock,
  publishGaps,
  publishNeedsConfirming,
  SECTIONS,
  type PublishBlock,
  type PublishTier,
  type BuilderActionData,
  type Section,
} from "~/features/builder/rules";
import { flowForm, landingForm, pricingForm, themeForm } from "~/features/builder/schema";
import { confirmDirectCheckout, openDirectCheckout } from "~/features/checkout/direct.server";
import { libraryPhotos, type LibraryPhoto } from "~/features/media/landing-photo.server";
import { checkoutVisitOf } from "~/http/checkout.server";
import { parseSubmission } from "~/http/form.server";
import { redirectWithToast } from "~/http/toast.server";
import { requireUser } from "~/http/visitor.server";
import { modelConnected } from "~/platform/adapters/ai/ai.server";
import { mediaUrl, putImage } from "~/platform/adapters/storage/media.server";
import type { AppContext } from "~/platform/context";
import { formDataOf } from "~/platform/http.server";
import { ServiceError } from "~/platform/service-error";
import { isLandingToolIntent, landingToolAction } from "./landing-tools.server";

export interface BuilderApp {
  id: string;
  name: string;
  storefrontSlug: string;
  appSlug: string;
  publicPath: string;
  previewOnboardingPath: string;
  landingPage: LandingPage;
  theme: Theme;
  onboardingFlow: OnboardingFlow;
  pricing: Pricing;
  isPublished: boolean;
  publishedAt: number | null;
}

export type BuilderData =
  | { kind: "picker"; apps: { id: string; name: string; isPublished: boolean }[] }
  | {
      kind: "tiers";
      appId: string | null;
      appName: string | null;
      tiers: StudioTierOption[];
      idempotencyKey: string;
      activeTier: PublishTier | null;
      /** Why the app (when one is named) cannot be published now; null when it can. */
      block: PublishBlock | null;
    }
  | {
      kind: "paid";
      appId: string | null;
      appName: string | null;
      tierName: string;
      paid: boolean;
      unpublished: UnpublishedAnswer | null;
    }
  | {
      kind: "editor";
      section: Section;
      app: BuilderApp;
      unpublished: UnpublishedAnswer;
      tier: PublishTier | null;
      block: PublishBlock | null;
      landingVersions: VersionPage | null;
      flowVersions: VersionPage | null;
      themeVersions: VersionPage | null;
      /** False when no AI model is connected: new pictures are designed covers, and the tools say so. */
      modelConnected: boolean;
      /** The landing section: the creator's own photos of the media library, to use as a picture. */
      libraryPhotos: LibraryPhoto[];
    };

function toBuilderApp(row: AppRow): BuilderApp {
  const draft = draftOf(row);
  return {
    id: row.id,
    name: row.name,
    storefrontSlug: row.storefrontSlug,
    appSlug: row.appSlug,
    publicPath: `/apps/${row.storefrontSlug}/${row.appSlug}`,
    previewOnboardingPath: `/apps/${row.storefrontSlug}/${row.appSlug}/onboarding?testingStepId=preview`,
    ...draft,
    isPublished: row.isPublished,
    publishedAt: row.publishedAt ?? null,
  };
}

/** The signed-in creator; a visitor goes to Log In and back here (a 302 also from a post, as this page always answered). */
function signedIn(app: AppContext, request: Request): Promise<UserRow> {
  return requireUser(app, request, { status: 302 });
}

/** The app being edited; someone else's app is a 403 page, no such app a 404. */
async function openApp(app: AppContext, user: UserRow, appId: string): Promise<AppRow> {
  try {
    return await openOwnedApp(app, user, appId);
  } catch (error) {
    if (error instanceof ServiceError)
      throw new Response(error.message, { status: error.failure === "not-found" ? 404 : 403 });
    throw error;
  }
}

const tierName = (tiers: StudioTierOption[], slug: string | null | undefined) =>
  tiers.find((t) => t.slug === slug)?.name ?? null;

const publishTier = (
  tiers: StudioTierOption[],
  active: { tierSlug: string; maxPublishedApps: number },
): PublishTier => ({
  slug: active.tierSlug,
  name: tierName(tiers, active.tierSlug) ?? active.tierSlug,
  maxPublishedApps: active.maxPublishedApps,
});

export async function loadBuilder(app: AppContext, request: Request): Promise<BuilderData> {
  const url = new URL(request.url);
  const user = await signedIn(app, request);
  const appId = url.searchParams.get("appId");
  const mode = url.searchParams.get("mode");
  const row = appId ? await openApp(app, user, appId) : null;

  if (mode === "pricing_tiers") {
    const ownerId = row?.ownerId ?? user.id;
    const [tiers, active, elsewhere] = await Promise.all([
      studioPaymentOptions(app),
      activeStudioTier(app, ownerId),
      publishedAppsBesides(app, ownerId, row?.id ?? null),
    ]);
    const activeTier = active ? publishTier(tiers, active) : null;
    return {
      kind: "tiers",
      appId: row?.id ?? null,
      appName: row?.name ?? null,
      tiers,
      idempotencyKey: crypto.randomUUID(),
      activeTier,
      block: row ? publishBlock(activeTier, row, elsewhere) : null,
    };
  }
  if (mode === "publish" && url.searchParams.get("payment_success") === "true") {
    const sessionId = url.searchParams.get("session_id");
    if (sessionId) await confirmDirectCheckout(app, user.id, sessionId);
    const tiers = await studioPaymentOptions(app);
    const active = await activeStudioTier(app, row?.ownerId ?? user.id);
    const slug = url.searchParams.get("tier");
    return {
      kind: "paid",
      appId: row?.id ?? null,
      appName: row?.name ?? null,
      tierName: tierName(tiers, slug) ?? tierName(tiers, active?.tierSlug) ?? "studio",
      paid: Boolean(active),
      unpublished: row ? unpublishedChanges(row) : null,
    };
  }
  if (!row) return { kind: "picker", apps: await appsOwnedBy(app, user.id) };

  await markRecentlyOpened(app, row, user);
  const requested = url.searchParams.get("section");
  const section: Section =
    mode === "publish"
      ? "publish"
      : (SECTIONS as readonly string[]).includes(requested ?? "")
        ? (requested as Section)
        : "landing";
  const [active, tiers, elsewhere] = await Promise.all([
    activeStudioTier(app, row.ownerId),
    studioPaymentOptions(app),
    section === "publish" ? publishedAppsBesides(app, row.ownerId, row.id) : 0,
  ]);
  const tier = active ? publishTier(tiers, active) : null;
  return {
    kind: "editor",
    section,
    app: toBuilderApp(row),
    unpublished: unpublishedChanges(row),
    tier,
    block: section === "publish" ? publishBlock(tier, row, elsewhere) : null,
    landingVersions:
      section === "landing"
        ? await versionPage(app, row.id, "landing_page", { limit: 20, cursor: url.searchParams.get("historyCursor") })
        : null,
    flowVersions:
      section === "onboarding"
        ? await versionPage(app, row.id, "onboarding_flow", {
            limit: 20,
            cursor: url.searchParams.get("historyCursor"),
          })
        : null,
    themeVersions: section === "theme" ? await versionPage(app, row.id, "theme", { limit: 20 }) : null,
    modelConnected: modelConnected(app),
    libraryPhotos: section === "landing" ? await libraryPhotos(app, user, row.id) : [],
  };
}

// ---------------------------------------------------------------- the action

export type { BuilderActionData, Section };

const failed = (data: BuilderActionData) => json(data, { status: 400 });

export async function builderAction(app: AppContext, request: Request) {
  const url = new URL(request.url);
  const user = await signedIn(app, request);
  // The raw fields route the post (which section, which button); each editor's own fields are then
  // read by parseSubmission with that editor's one schema.
  const form = (await formDataOf(request.clone() as Request)) ?? new FormData();
  const intent = String(form.get("intent") ?? "save");
  const sectionField = String(form.get("section") ?? "");
  const autosave = form.get("autosave") === "1";
  const appId = url.searchParams.get("appId") ?? String(form.get("appId") ?? "");

  if (intent === "buy-tier") {
    const priceOptionId = String(form.get("priceOptionId") ?? "");
    const tierSlug = String(form.get("tierSlug") ?? "");
    const row = appId ? await openApp(app, user, appId) : null;
    const idempotencyKey = `studio-page:${user.id}:${String(form.get("idempotencyKey") ?? crypto.randomUUID()).slice(0, 64)}:${priceOptionId}`;
    const line = await studioCheckoutLine(app, user.id, { priceOptionId, tierSlug }).catch((error: unknown) => {
      if (error instanceof ServiceError) return error;
      throw error;
    });
    const opened =
      line instanceof ServiceError
        ? ({ ok: false, status: 400, formError: line.message } as const)
        : await openDirectCheckout(app, checkoutVisitOf(request), user, {
            line,
            successPath: studioSuccessPath(row?.id ?? null, tierSlug),
            cancelPath: studioCancelPath(row?.id ?? null),
            idempotencyKey,
          });
    if (!opened.ok)
      return failed({
        ok: false,
        section: "tiers",
        errors: {},
        formError: opened.formError ?? builderMessages.priceOptionUnknown,
      });
    return redirect(opened.url, 303);
  }

  const row = await openApp(app, user, appId);
  const section = (SECTIONS as readonly string[]).includes(sectionField) ? (sectionField as Section) : "landing";
  const here = (extra: Record<string, string> = {}) => builderPath(row.id, { section, ...extra });
  const savedOk = () =>
    autosave
      ? json<BuilderActionData>({ ok: true, savedAt: app.now, section })
      : redirectWithToast(request, here(), { kind: "success", title: builderMessages.saved });

  if (intent === "publish") {
    // An app that sells no plan is published only once the creator has seen what visitors will get.
    const draft = draftOf(row);
    if (publishNeedsConfirming(draft) && form.get("confirm") !== "yes")
      return json<BuilderActionData>({
        ok: false,
        section: "publish",
        errors: {},
        confirmPublish: { gaps: publishGaps(draft) },
      });
    const refused = await publishApp(app, row).then(
      () => null,
      (error: unknown) => {
        if (error instanceof ServiceError) return error.message;
        throw error;
      },
    );
    if (refused)
      return redirectWithToast(request, builderPath(row.id, { mode: "pricing_tiers" }), {
        kind: "info",
        title: refused,
      });
    return redirectWithToast(request, builderPath(row.id, { section: "publish" }), {
      kind: "success",
      title: builderMessages.published,
    });
  }

  if (intent === "restore") {
    const kind = section === "theme" ? "theme" : section === "onboarding" ? "onboarding_flow" : "landing_page";
    const restored = await restoreVersion(app, row, user, kind, String(form.get("versionId") ?? "")).then(
      () => true,
      () => false,
    );
    if (!restored) return redirectWithToast(request, here(), { kind: "error", title: builderMessages.versionNotFound });
    return redirectWithToast(request, here(), { kind: "success", title: "Version restored" });
  }

  if (section === "landing" && isLandingToolIntent(intent))
    return landingToolAction(app, request, row, user, intent, form);

  // A numbered field past its list's size is refused before anything is built from the form, and so
  // is a list button (conform's insert/remove/reorder) naming one.
  const listEdit = form.get(INTENT);
  const names = intentNames(listEdit);
  if (!names) return failed({ ok: false, section, errors: {}, formError: builderMessages.badForm });
  const indexProblem = formIndexProblem([...form.keys(), ...names]);
  if (indexProblem) return failed({ ok: false, section, errors: {}, formError: indexProblem });
  const edited = typeof listEdit === "string";

  if (section === "landing") {
    const submission = await parse(request, landingForm);
    if (!submission?.ok)
      return failed({
        ok: false,
        section,
        errors: submission?.errors ?? {},
        formError: submission ? undefined : builderMessages.badForm,
      });
    let page = submission.value;
    const file = form.get("heroImage");
    if (file && typeof file !== "string" && file.size > 0) {
      const stored = await putImage(app, "app-images/", row.id, file);
      if ("error" in stored)
        return failed({ ok: false, section, errors: { "hero.image": stored.error }, values: page });
      page = { ...page, hero: { ...page.hero, imageUrl: mediaUrl(stored.key) } };
    }
    if (form.get("removeImage") === "on") page = { ...page, hero: { ...page.hero, imageUrl: null } };
    const saved = await saveLandingPage(app, row, user, page);
    if (!saved.ok) return failed({ ok: false, section, errors: saved.errors, values: page });
    return edited ? redirectWithToast(request, here(), null) : savedOk();
  }

  if (section === "theme") {
    const submission = await parse(request, themeForm);
    if (!submission?.ok)
      return failed({
        ok: false,
        section,
        errors: submission?.errors ?? {},
        formError: submission ? undefined : builderMessages.badForm,
      });
    const theme = submission.value;
    const saved = await saveTheme(app, row, user, theme);
    if (!saved.ok) return failed({ ok: false, section, errors: saved.errors, values: theme });
    return savedOk();
  }

  if (section === "onboarding") {
    const submission = await parse(request, flowForm);
    if (!submission?.ok)
      return failed({
        ok: false,
        section,
        errors: submission?.errors ?? {},
        formError: submission ? undefined : builderMessages.badForm,
      });
    const flow = submission.value;
    const saved = await saveOnboardingFlow(app, row, user, flow);
    if (!saved.ok) return failed({ ok: false, section, errors: saved.errors, values: flow });
    return edited ? redirectWithToast(request, here(), null) : savedOk();
  }

  if (section === "pricing") {
    const submission = await parse(request, pricingForm);
    if (!submission) return failed({ ok: false, section, errors: {}, formError: builderMessages.badForm });
    if (!submission.ok) {
      const typed = submission.payload;
      return failed({
        ok: false,
        section,
        errors: submission.errors,
        values: {
          monthlyPrice: typeof typed.monthlyPrice === "string" ? typed.monthlyPrice : "",
          annualPrice: typeof typed.annualPrice === "string" ? typed.annualPrice : "",
          annualDurationUnit: typed.annualDurationUnit === "months" ? "months" : "years",
        },
      });
    }
    await updatePricing(app, row, submission.value);
    return savedOk();
  }

  return redirectWithToast(request, here(), null);
}

/**
 * The list a conform list button (insert, remove, reorder) names, as field names to bound-check;
 * [] for no list button, null for one no button of ours makes (a negative or broken index).
 */
function intentNames(value: FormDataEntryValue | null): string[] | null {
  if (typeof value !== "string") return [];
  let intent: { payload?: { name?: unknown; index?: unknown; from?: unknown; to?: unknown } } | null;
  try {
    intent = JSON.parse(value) as typeof intent;
  } catch {
    return null;
  }
  const name = typeof intent?.payload?.name === "string" ? intent.payload.name : "";
  const indexes = [intent?.payload?.index, intent?.payload?.from, intent?.payload?.to].filter((i) => i !== undefined);
  if (!indexes.every((i) => Number.isInteger(i) && (i as number) >= 0)) return null;
  return [`${name}[0]`, ...indexes.map((i) => `${name}[${String(i)}]`)];
}

/** The field conform's list buttons post (its intent, JSON). */
const INTENT = "__intent__";

type Parsed<S extends z.ZodTypeAny> =
  | { ok: true; value: z.output<S>; payload: Record<string, unknown> }
  | { ok: false; errors: Record<string, string>; payload: Record<string, unknown> };

/**
 * An editor's fields through parseSubmission and its schema. A list button's post (conform's
 * insert/remove/reorder, made without JavaScript) is the form with that change made: it is read
 * through the same schema and saved like a Save. Null for a post conform cannot read (a broken
 * list button).
 */
async function parse<S extends z.ZodTypeAny>(request: Request, schema: S): Promise<Parsed<S> | null> {
  let submission;
  try {
    submission = await parseSubmission(request, schema);
  } catch {
    return null;
  }
  const payload = submission.payload as Record<string, unknown>;
  if (submission.status === "success") return { ok: true, value: submission.value as z.output<S>, payload };
  const changed = submission.status === undefined ? schema.safeParse(payload) : null;
  if (changed?.success) return { ok: true, value: changed.data as z.output<S>, payload };
  const errors: Record<string, string> = {};
  const issues = changed ? changed.error.issues.map((i) => [fieldName(i.path), i.message] as const) : [];
  for (const [name, messages] of [...Object.entries(submission.error ?? {}), ...issues]) {
    const message = Array.isArray(messages) ? messages[0] : messages;
    if (message) errors[name || "form"] ??= message;
  }
  return { ok: false, errors, payload };
}
