/**
 * The landing page's tools in /dashboard/builder (issue 20), posted as plain forms so they work
 * without JavaScript: a new picture for a slot, one of the creator's library photos for a slot, new
 * screenshots (each a new landing-page version, so History's Restore undoes them), and edits by
 * instruction, proposed first (the page shows the proposal beside the current page, carried in the
 * Accept form as JSON) and saved only on Accept, after the landing page schema has checked it again.
 */
import { json } from "@remix-run/cloudflare";
import type { z } from "zod";
import type { AppRow, UserRow } from "~/db/schema";
import { pictureOrigin } from "~/features/apps/pictures";
import { placeLibraryPhoto } from "~/features/media/landing-photo.server";
import { acceptLandingEdit, proposeLandingEdit } from "~/features/builder/landing/edits.server";
import { regenerateLandingPageImage } from "~/features/builder/landing/images.server";
import { regenerateScreenshots } from "~/features/builder/landing/screenshots.server";
import { builderPath, type BuilderActionData, type LandingTool } from "~/features/builder/rules";
import { editLandingBody, regenerateImageBody, screenshotsBody } from "~/features/builder/schema";
import { redirectWithToast } from "~/http/toast.server";
import { modelConnected } from "~/platform/adapters/ai/ai.server";
import type { AppContext } from "~/platform/context";
import { FAILURE_STATUS, ServiceError, refusalHeaders } from "~/platform/service-error";

export const LANDING_TOOL_INTENTS = [
  "regenerate-image",
  "use-photo",
  "screenshots",
  "propose-edit",
  "accept-edit",
] as const;
type Intent = (typeof LANDING_TOOL_INTENTS)[number];
const TOOL_OF: Record<Intent, LandingTool> = {
  "regenerate-image": "image",
  "use-photo": "photo",
  screenshots: "screenshots",
  "propose-edit": "edit",
  "accept-edit": "edit",
};

export const isLandingToolIntent = (intent: string): intent is Intent =>
  (LANDING_TOOL_INTENTS as readonly string[]).includes(intent);

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
};

export async function landingToolAction(
  app: AppContext,
  request: Request,
  row: AppRow,
  user: UserRow,
  intent: Intent,
  form: FormData,
) {
  const tool = TOOL_OF[intent];
  const here = builderPath(row.id, { section: "landing" });
  const values = Object.fromEntries([...form].filter(([, v]) => typeof v === "string" && v.length <= 2_000));
  const refuse = (message: string, status = 400, headers?: Record<string, string>) =>
    json<BuilderActionData>(
      { ok: false, section: "landing", errors: {}, tool, formError: message, values },
      { status, headers },
    );
  const read = <S extends z.ZodTypeAny>(schema: S, input: Record<string, unknown>) => {
    const parsed = schema.safeParse(input);
    return parsed.success
      ? ({ ok: true, value: parsed.data as z.output<S> } as const)
      : ({ ok: false, message: parsed.error.issues[0]?.message ?? "Invalid request" } as const);
  };
  try {
    if (intent === "regenerate-image") {
      const input = read(regenerateImageBody, {
        appId: row.id,
        imageType: field(form, "imageType"),
        specificInstructions: field(form, "specificInstructions"),
      });
      if (!input.ok) return refuse(input.message);
      const made = await regenerateLandingPageImage(app, row, user, input.value);
      const slot = made.imageType === "howItWorks" ? "how it works" : made.imageType;
      // Said as it is: a designed cover when no model drew it.
      const how =
        pictureOrigin(made.imageUrl) === "cover"
          ? `: a designed cover of your app’s words (${modelConnected(app) ? "the AI model did not make it" : "no AI model connected"})`
          : " by the AI model";
      return redirectWithToast(request, here, {
        kind: "success",
        title: `New ${slot} picture made${how}. Restore the previous version in the history to undo.`,
      });
    }
    if (intent === "use-photo") {
      const used = await placeLibraryPhoto(app, row, user, {
        imageType: field(form, "photoSlot") ?? "",
        mediaId: field(form, "mediaId") ?? "",
      });
      const slot = used.imageType === "howItWorks" ? "how it works" : used.imageType;
      return redirectWithToast(request, here, {
        kind: "success",
        title: `Your photo is now the ${slot} picture. Restore the previous version in the history to undo.`,
      });
    }
    if (intent === "screenshots") {
      const input = read(screenshotsBody, { appId: row.id, additionalPrompt: field(form, "additionalPrompt") });
      if (!input.ok) return refuse(input.message);
      const answer = await regenerateScreenshots(app, row, user, input.value);
      return redirectWithToast(request, here, {
        kind: "success",
        title:
          answer.status === "completed"
            ? "Screenshots made."
            : "Your screenshots are being made: reload this page in a minute to see them.",
      });
    }
    if (intent === "propose-edit") {
      const input = read(editLandingBody, {
        appId: row.id,
        instruction: field(form, "instruction"),
        section: field(form, "editSection") || null,
      });
      if (!input.ok) return refuse(input.message);
      const proposal = await proposeLandingEdit(app, row, user, input.value);
      return json<BuilderActionData>({ ok: true, savedAt: app.now, section: "landing", proposal });
    }
    await acceptLandingEdit(app, row, user, field(form, "proposal") ?? "");
    return redirectWithToast(request, here, { kind: "success", title: "Edit accepted: saved as a new version." });
  } catch (error) {
    if (error instanceof ServiceError)
      return refuse(error.message, FAILURE_STATUS[error.failure], refusalHeaders(error));
    throw error;
  }
}
