/**
 * POST regenerateAIScreenshots (spec 7; issue 20): screenshots of the app as its end users see it,
 * drawn by ./screenshots.ts from the app's real content, stored in R2 as PNG (so they work as
 * og:image) and saved in the landing page as a new version. On the embedded default the three
 * pictures take a fraction of a second and are answered at once; with a configured image model (a
 * styled background per picture) the work runs as an 'app-images' job and the caller polls it.
 */
import { eq } from "drizzle-orm";
import { SCREENSHOT_SCREENS, type LandingPage, type LandingScreenshot } from "~/db/app-content";
import { apps, type AppRow, type UserRow } from "~/db/schema";
import { kickJob, queueJob, type JobHandler } from "~/features/jobs/jobs.server";
import { generatePlan } from "~/features/plans/generator";
import { creatorAi, jobMeter, queueMetered } from "~/features/apps/ai-meter.server";
import { aiFor, providerFor, type Ai } from "~/platform/adapters/ai/ai.server";
import { decodePng } from "~/platform/adapters/ai/embedded/png";
import { putGeneratedImage } from "~/platform/adapters/storage/media.server";
import type { AppContext } from "~/platform/context";
import { ServiceError } from "~/platform/service-error";
import { blueprintOf } from "../blueprint.server";
import { invalidInput, landingPageSaveStatements, saveLandingPage } from "../builder.server";
import { imageMessages } from "./images";
import { themePalette } from "./images.server";
import { paintScreenshot, screenshotAlt, SCREENSHOT_SIZE, type ScreenshotContent } from "./screenshots";

/** The job's input: whose app, and what the creator added to the prompt. */
export interface AppImagesJobInput {
  task: "screenshots";
  userId: string;
  appId: string;
  additionalPrompt: string;
  [key: string]: unknown;
}

export type ScreenshotsAnswer =
  | { status: "completed"; screenshots: LandingScreenshot[]; versionId: string; landingPageInfo: LandingPage }
  | { status: "pending"; jobId: string; statusUrl: string };

const today = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The hero picture, when it is one of ours in R2 and a PNG we can read (no outside fetches). */
async function heroPicture(app: AppContext, url: string | null) {
  if (!url?.startsWith("/media/")) return null;
  const object = await app.bindings.MEDIA.get(url.slice("/media/".length));
  if (!object) return null;
  return decodePng(new Uint8Array(await object.arrayBuffer()));
}

/** Paints and stores the three screenshots; throws when a picture cannot be made or stored. */
export async function makeScreenshots(
  app: AppContext,
  ai: Ai,
  row: AppRow,
  userId: string,
  additionalPrompt: string,
): Promise<LandingScreenshot[]> {
  const blueprint = (await blueprintOf(app, row.id))?.blueprint ?? null;
  const plan = generatePlan({ answers: {}, blueprint, today: today(app.now) });
  // The styled backdrop: the provider's picture (the embedded one paints the theme's colours).
  const backdrop = await ai.image({
    task: "screenshot-background",
    prompt:
      `A soft abstract backdrop for phone screenshots of ${row.name}` +
      (blueprint ? `, a ${blueprint.topic} app` : "") +
      ". No text, no devices." +
      (additionalPrompt ? ` ${additionalPrompt}` : ""),
    width: SCREENSHOT_SIZE.width,
    height: SCREENSHOT_SIZE.height,
    palette: themePalette(row.theme),
  });
  const content: ScreenshotContent = {
    appName: row.name,
    theme: row.theme,
    landingPage: row.landingPage,
    onboardingFlow: row.onboardingFlow,
    plan,
    hero: await heroPicture(app, row.landingPage.hero.imageUrl),
    background: backdrop.value.contentType === "image/png" ? await decodePng(backdrop.value.bytes) : null,
  };
  const batch = crypto.randomUUID().slice(0, 8);
  const shots: LandingScreenshot[] = [];
  for (const screen of SCREENSHOT_SCREENS) {
    const bytes = await paintScreenshot(screen, content);
    const url = await putGeneratedImage(app, userId, `${row.id}-screen-${screen}-${batch}`, {
      bytes,
      contentType: "image/png",
    });
    shots.push({ screen, url, alt: screenshotAlt(screen, content) });
  }
  return shots;
}

/**
 * Makes the app's screenshots for its owner: at once on the embedded default, else as a job.
 * Failures are 'unavailable' with the spec's 'Failed to generate image', changing nothing.
 */
export async function regenerateScreenshots(
  app: AppContext,
  row: AppRow,
  user: Pick<UserRow, "id">,
  input: { additionalPrompt: string },
): Promise<ScreenshotsAnswer> {
  if (providerFor(app.env, app.bindings).name !== "embedded") {
    const jobId = crypto.randomUUID();
    const jobInput: AppImagesJobInput = {
      task: "screenshots",
      userId: user.id,
      appId: row.id,
      additionalPrompt: input.additionalPrompt,
    };
    await queueMetered(app, { creatorId: user.id, appId: row.id }, { id: jobId, task: "screenshot-background" }, () =>
      app.db.batch([
        queueJob(app, { id: jobId, kind: "app-images", dedupeKey: `app-images:screenshots:${jobId}`, input: jobInput }),
      ]),
    );
    await kickJob(app, jobId);
    return { status: "pending", jobId, statusUrl: `/api/jobs/${jobId}` };
  }
  let screenshots: LandingScreenshot[];
  try {
    screenshots = await makeScreenshots(app, creatorAi(app, user.id, row.id), row, user.id, input.additionalPrompt);
  } catch (error) {
    if (error instanceof ServiceError) throw error;
    console.error("regenerateAIScreenshots: no screenshots made", error);
    throw new ServiceError("unavailable", imageMessages.failed);
  }
  const saved = await saveLandingPage(app, row, user, { ...row.landingPage, screenshots });
  if (!saved.ok) throw invalidInput(saved.errors);
  return { status: "completed", screenshots, versionId: saved.versionId, landingPageInfo: saved.value };
}

/**
 * The 'app-images' job: makes the screenshots and saves them as a landing-page version (its id is
 * the job's, so a rerun writes nothing twice). A deleted app ends the job with nothing.
 */
export const appImagesJobHandler: JobHandler<AppImagesJobInput> = {
  async work(app, job) {
    const { userId, appId, additionalPrompt } = job.input;
    const row = await app.db.select().from(apps).where(eq(apps.id, appId)).get();
    if (!row) return [];
    const ai = aiFor(app, { userId, appId, meter: jobMeter(app, { creatorId: userId, appId }, job.id) });
    const screenshots = await makeScreenshots(app, ai, row, userId, additionalPrompt);
    return landingPageSaveStatements(app, appId, userId, { ...row.landingPage, screenshots }, job.id);
  },
};
