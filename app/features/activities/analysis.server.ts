/**
 * The AI work of activity cards (issue 14; spec 7 "AI analysis and activities"): an analysis of
 * the inputs a card reads, a picture made from them, and a summary of a whole run.
 *
 * Everything is measured first, for real and without a model: a photo's size, brightness, dominant
 * colours and sharpness (PNG and JPEG pixels; a large JPEG, such as a phone's 12-megapixel photo, read
 * at one eighth of its size with its sharpness at full resolution), a recording's or video's length
 * (its container), a PDF's text, and the text and number answers checked against the rubric the
 * prompt states (./rubric.ts). With a model configured, it also looks at photos (describeImage with
 * the creator's prompt), listens to audio (transcribe) and writes the answer (structured); the
 * embedded default writes it from the findings in the app's practice words. A model that fails
 * falls back to the embedded words (the AI layer does that for each call).
 *
 * Callers have checked the caller's right to the app; the media urls are checked here: the app's
 * library or the caller's own uploads, never anything else (no arbitrary URL is fetched).
 */
import { z } from "zod";
import { blueprintOf } from "~/features/builder/blueprint.server";
import { appById } from "~/features/apps/apps.server";
import { planRow, todayOf } from "~/features/plans/plans.server";
import { readMediaFacts, type ByteSource } from "~/features/media/describe/containers";
import { aiFor, type Ai, type AiMeter } from "~/platform/adapters/ai/ai.server";
import { embeddedProvider } from "~/platform/adapters/ai/embedded.server";
import type { ProviderName } from "~/platform/adapters/ai/provider";
import { readIdea } from "~/platform/adapters/ai/embedded/idea";
import { imageFacts } from "~/platform/adapters/ai/embedded/measure";
import { jpegPixels, JPEG_REDUCED_MAX_MEGAPIXELS } from "~/platform/adapters/ai/embedded/jpeg";
import { decodePng } from "~/platform/adapters/ai/embedded/png";
import { MEDIA_MAX_BYTES, putUserMedia } from "~/platform/adapters/storage/media.server";
import type { AppContext } from "~/platform/context";
import { ServiceError } from "~/platform/service-error";
import { imageStats, statsSentence, type ImageStats } from "./image-stats";
import { checkRubric, parseRubric, wordsToUse, type Finding, type RubricAnswer } from "./rubric";
import { readableMediaKey, type CardAnswer, type CardInput, type MediaType } from "./rules";
import { planStepOf } from "./today";
import {
  analysisText,
  checkLine,
  pictureAlt,
  statedChecks,
  summaryChecks,
  summaryText,
  voiceOf,
  type PlanStep,
  type SummaryCard,
  type Voice,
} from "./wording";

export interface ActivityCaller {
  userId: string;
  appId: string;
  /** What the AI calls count against: the end user's day on the app, or the owner's own when simulating. */
  meter: AiMeter;
}

export interface Analysis {
  text: string;
  /** What was measured and each rubric check's verdict, one sentence each. */
  findings: string[];
  provider: ProviderName;
}

/** Audio sent to a speech model stays under this (the models' own limit is about 25 MB). */
const TRANSCRIBE_MAX_BYTES = 25 * 1024 * 1024;

const answerSchema = z.object({ text: z.string().trim().min(1).max(8_000) });

/** The app's practice voice: its blueprint's topic (else its name) read like an idea. */
async function voiceFor(app: AppContext, appId: string): Promise<Voice> {
  const [row, blueprint] = await Promise.all([appById(app, appId), blueprintOf(app, appId).catch(() => null)]);
  const reading = await readIdea([blueprint?.blueprint.topic, row?.name].filter(Boolean).join(" ") || "practice");
  return voiceOf(reading.domain, reading.subject);
}

interface Measured {
  /** Sentences of what was measured. */
  facts: string[];
  /** Words the media gave (a PDF's text, a transcript), checked against the rubric's keywords. */
  answers: RubricAnswer[];
  /** What a vision model said of the photos, for the written answer. */
  seen: string[];
  /** The first photo's measures (its colours colour a picture made from it). */
  stats: ImageStats | null;
}

function r2Source(app: AppContext, key: string, size: number): ByteSource {
  return {
    size,
    async read(offset, length) {
      if (offset >= size || length <= 0) return new Uint8Array(0);
      const part = await app.bindings.MEDIA.get(key, { range: { offset, length: Math.min(length, size - offset) } });
      return part ? new Uint8Array(await part.arrayBuffer()) : new Uint8Array(0);
    },
  };
}

async function readAll(app: AppContext, key: string): Promise<Uint8Array> {
  const object = await app.bindings.MEDIA.get(key);
  if (!object) throw new ServiceError("not-found", "That file is no longer stored");
  return new Uint8Array(await object.arrayBuffer());
}

const seconds = (s: number) => (s >= 90 ? `${Math.floor(s / 60)} min ${Math.round(s % 60)} s` : `${s.toFixed(1)} s`);

/** Measures one uploaded or library file, and (with a model) looks at or listens to it. */
async function measureMedia(
  app: AppContext,
  caller: ActivityCaller,
  ai: Ai,
  input: { label: string; url: string; type: MediaType },
  prompt: string,
  into: Measured,
): Promise<void> {
  const place = readableMediaKey(input.url, caller);
  if ("refused" in place) throw new ServiceError("invalid", `${input.label}: ${place.refused}`);
  const head = await app.bindings.MEDIA.head(place.key);
  if (!head) throw new ServiceError("not-found", `${input.label}: that file is not stored here`);
  const contentType = head.httpMetadata?.contentType ?? "";
  const kind = contentType === "application/pdf" ? "pdf" : contentType.split("/")[0];
  if (kind !== input.type)
    throw new ServiceError(
      "invalid",
      `${input.label}: the file is ${kind === "pdf" ? "a PDF" : `${kind ?? "unknown"}`}, not ${input.type}`,
    );
  if (head.size > MEDIA_MAX_BYTES[input.type])
    throw new ServiceError("invalid", `${input.label}: the file is too large to analyse`);
  const modelled = ai.provider !== "embedded";
  if (input.type === "image") {
    const bytes = await readAll(app, place.key);
    const facts = imageFacts(bytes);
    if (!facts) throw new ServiceError("invalid", `${input.label}: the file is not a PNG, JPEG, GIF or WebP image`);
    const png = facts.format === "PNG" ? await decodePng(bytes) : null;
    const pixels = png ? { ...png, reduced: null } : facts.format === "JPEG" ? await jpegPixels(bytes) : null;
    if (pixels) {
      // A large JPEG comes at one eighth of its size, with its own size and sharpness beside.
      const stats = imageStats(pixels.width, pixels.height, pixels.rgb, pixels.reduced ?? undefined);
      into.stats ??= stats;
      into.facts.push(`${input.label} (photo): ${statsSentence(stats)}`);
    } else
      into.facts.push(
        `${input.label} (${facts.format} photo): ${facts.width} × ${facts.height} pixels. ` +
          (facts.format === "PNG"
            ? "Its pixel format (palette, greyscale or 16-bit) is not decoded here, so brightness, colours and sharpness were not measured."
            : facts.format === "JPEG"
              ? `It could not be decoded here (over ${JPEG_REDUCED_MAX_MEGAPIXELS} megapixels, or an encoding not read: arithmetic coding, 12-bit, CMYK, or a cut-short file), so brightness, colours and sharpness were not measured; a smaller copy would be.`
              : "Brightness, colours and sharpness are measured from JPEG and PNG photos only."),
      );
    if (modelled) {
      const seen = await ai.describeImage({ task: "activity-analysis", bytes, contentType, prompt });
      if (seen.provider !== "embedded") {
        into.seen.push(`${input.label}: ${seen.value}`);
        into.answers.push({ label: input.label, text: seen.value });
      }
    }
    return;
  }
  if (input.type === "pdf") {
    const { readPdf } = await import("~/features/media/describe/pdf.server");
    const pdf = await readPdf(await readAll(app, place.key));
    const text = pdf.paragraphs.join("\n");
    const words = text.split(/\s+/).filter(Boolean).length;
    into.facts.push(
      `${input.label} (PDF): ${pdf.pages} page${pdf.pages === 1 ? "" : "s"}, ${words} words` +
        (pdf.title ? `, titled "${pdf.title}"` : "") +
        (pdf.paragraphs[0] ? `; it begins: "${pdf.paragraphs[0].slice(0, 160)}"` : "; no text could be read from it") +
        ".",
    );
    if (text) into.answers.push({ label: input.label, text });
    return;
  }
  const facts = await readMediaFacts(r2Source(app, place.key, head.size));
  const length = facts?.durationSeconds != null ? seconds(facts.durationSeconds) : "an unknown length";
  const shape = facts?.width && facts.height ? `, ${facts.width} × ${facts.height}` : "";
  into.facts.push(
    `${input.label} (${input.type === "audio" ? "recording" : "video"}): ${length}${shape}` +
      (facts ? ` (${facts.container})` : "") +
      ".",
  );
  if (facts?.durationSeconds != null)
    into.answers.push({ label: input.label, number: { value: facts.durationSeconds, unit: "seconds" } });
  if (modelled && input.type === "audio" && head.size <= TRANSCRIBE_MAX_BYTES) {
    const heard = await ai.transcribe({ task: "activity-analysis", bytes: await readAll(app, place.key), contentType });
    if (heard.provider !== "embedded" && heard.value.trim()) {
      into.facts.push(`${input.label} says: "${heard.value.trim().slice(0, 300)}"`);
      into.answers.push({ label: input.label, text: heard.value });
    }
  }
}

/** Measures every input: files as above, answers as they are (a choice counts as text). */
async function measure(
  app: AppContext,
  caller: ActivityCaller,
  ai: Ai,
  inputs: CardInput[],
  prompt: string,
): Promise<Measured> {
  const into: Measured = { facts: [], answers: [], seen: [], stats: null };
  for (const input of inputs) {
    if (input.kind === "media") await measureMedia(app, caller, ai, input, prompt, into);
    else if (input.kind === "number") {
      into.answers.push({ label: input.label, number: { value: input.value, unit: input.unit ?? null } });
      into.facts.push(`${input.label}: ${input.value}${input.unit ? ` ${input.unit}` : ""}.`);
    } else {
      into.answers.push(
        input.kind === "text" ? { label: input.label, text: input.value } : { label: input.label, choice: input.value },
      );
      const words = input.value.split(/\s+/).filter(Boolean).length;
      if (input.kind === "text") into.facts.push(`${input.label}: ${words} word${words === 1 ? "" : "s"} written.`);
      else into.facts.push(`${input.label}: chose "${input.value}".`);
    }
  }
  return into;
}

const checkLines = (checks: Pick<Finding, "met" | "message">[]) => checks.map(checkLine);

/**
 * A card of a run as a summary reads it: its title and words, and what it is: an input card's answer
 * (checked by the summary's own brief) or an AI card's result (an analysis's findings carried as stated).
 */
export interface RunCard extends SummaryCard {
  answer?: Omit<RubricAnswer, "label">;
  ai?: boolean;
}

/** An input card's answer as a summary reads it ('9 km', a choice, a text); null for an upload or a skip. */
export function summaryCardOf(title: string, answer: CardAnswer, unit?: string): RunCard | null {
  if ("number" in answer) {
    const u = answer.unit ?? unit ?? null;
    return {
      title,
      text: u ? `${answer.number} ${u}` : String(answer.number),
      answer: { number: { value: answer.number, unit: u } },
    };
  }
  if ("choice" in answer) return { title, text: answer.choice, answer: { choice: answer.choice } };
  if ("text" in answer) return { title, text: answer.text, answer: { text: answer.text } };
  return null;
}

/** What the summary's own brief checks: the answers (an AI card's words are its result, not an answer). */
const answersOf = (cards: RunCard[]): RubricAnswer[] =>
  cards.flatMap((c) =>
    c.answer
      ? [{ label: c.title, ...c.answer }]
      : c.ai || statedChecks(c).length > 0
        ? []
        : [{ label: c.title, text: c.text }],
  );

function modelPrompt(parts: Record<string, unknown>): string {
  return JSON.stringify(parts, null, 1);
}

/**
 * analyzeUploads and an analysis card: the inputs measured, checked against the prompt's rubric, and
 * written up, closing on where the end user's own plan goes next (`next`, when they have a plan).
 */
export async function analyzeCardInputs(
  app: AppContext,
  caller: ActivityCaller,
  input: {
    prompt: string;
    inputs: CardInput[];
    cardContext?: string;
    allCardsContext?: string;
    next?: PlanStep | null;
  },
): Promise<Analysis> {
  const ai = aiFor(app, caller);
  const [voice, measured] = await Promise.all([
    voiceFor(app, caller.appId),
    measure(app, caller, ai, input.inputs, input.prompt),
  ]);
  const rules = parseRubric(input.prompt);
  const checks = checkRubric(rules, measured.answers);
  const next = input.next ?? null;
  const local = analysisText(
    voice,
    input.cardContext,
    measured.facts,
    checks,
    wordsToUse(rules, measured.answers),
    next,
  );
  const answer = await ai.structured({
    task: "activity-analysis",
    schema: answerSchema,
    system:
      `You are the coach inside an app about ${voice.subject}, talking to a ${voice.practitioner} after a ${voice.session}. ` +
      "Analyse what they gave as the creator's prompt asks, using the measurements given (they are exact). " +
      (next ? "Close with one sentence on what comes next in their own plan (nextInTheirPlan). " : "") +
      'Answer JSON {"text": "..."}: a few short paragraphs in plain words, in the practice\'s own vocabulary.',
    prompt: modelPrompt({
      creatorPrompt: input.prompt,
      card: input.cardContext,
      activity: input.allCardsContext,
      measurements: measured.facts,
      rubricChecks: checkLines(checks),
      whatTheImagesShow: measured.seen,
      nextInTheirPlan: next ?? undefined,
    }),
    local: () => ({ text: local }),
  });
  return { text: answer.value.text, findings: [...measured.facts, ...checkLines(checks)], provider: answer.provider };
}

const PICTURE_SIDE = 768;

/**
 * generateImageFromInputs and an image card: a picture made from the prompt and the inputs' words,
 * in the first photo's own colours when there is one (else the app's theme), stored as a PNG among
 * the caller's own files (user-media/{appId}/{userId}/) and served from /media/. Without a model it is
 * a designed card: the card's title over the app's name, with the end user's answers beneath.
 */
export async function pictureFromInputs(
  app: AppContext,
  caller: ActivityCaller,
  input: { prompt: string; inputs: CardInput[]; cardContext?: string },
): Promise<{ url: string; alt: string }> {
  const ai = aiFor(app, caller);
  const [voice, measured, row] = await Promise.all([
    voiceFor(app, caller.appId),
    // A picture needs only the inputs' measures (its palette), not a model's look at them.
    measure(
      app,
      caller,
      aiFor(app, { userId: caller.userId, appId: caller.appId }, embeddedProvider),
      input.inputs,
      input.prompt,
    ),
    appById(app, caller.appId),
  ]);
  const words = input.inputs.flatMap((i) => (i.kind === "media" ? [] : [`${i.label}: ${i.value}`]));
  const palette = measured.stats?.dominant.length
    ? measured.stats.dominant.map((c) => c.hex)
    : row
      ? [row.theme.primaryColor, row.theme.accentColor, row.theme.backgroundColor]
      : [];
  const image = await ai.image({
    task: "activity-image",
    prompt: [input.prompt, input.cardContext, voice.subject, ...words].filter(Boolean).join(". ").slice(0, 1_500),
    width: PICTURE_SIDE,
    height: PICTURE_SIDE,
    palette,
    cover: {
      kicker: row?.name,
      title: input.cardContext?.trim() || `Your ${voice.session}`,
      subtitle: words.slice(0, 3).join(" • ") || voice.subject,
    },
  });
  const stored = await putUserMedia(app, caller.appId, caller.userId, image.value.bytes);
  if ("error" in stored || stored.kind !== "image")
    throw new Error(`pictureFromInputs: not an image (${image.provider})`);
  return { url: stored.url, alt: pictureAlt(voice, input.cardContext) };
}

/**
 * Where the run's subject's own plan goes next (today's phase and its sessions of this activity), for
 * a summary's closing words; null without a finished plan.
 */
export async function nextInPlan(
  app: AppContext,
  run: { appId: string; subject: string; testingStepId: string; title: string },
): Promise<PlanStep | null> {
  const row = await planRow(app, run.appId, run.subject, run.testingStepId);
  return row?.status === "completed" ? planStepOf(row.plan, todayOf(app), run.title) : null;
}

/** The summary-analysis call and a summary card: every card's result and the run's media, summed up. */
export async function summarizeRun(
  app: AppContext,
  caller: ActivityCaller,
  input: { prompt: string; cards: RunCard[]; media: { url: string; type: MediaType }[]; next?: PlanStep | null },
): Promise<{ text: string }> {
  const ai = aiFor(app, caller);
  const media: CardInput[] = input.media.map((m, i) => ({ kind: "media", label: `File ${i + 1}`, ...m }));
  const [voice, measured] = await Promise.all([
    voiceFor(app, caller.appId),
    measure(app, caller, ai, media, input.prompt),
  ]);
  const cards: SummaryCard[] = input.cards.map(({ title, text, findings }) => ({
    title,
    text,
    ...(findings && { findings }),
  }));
  const checks = checkRubric(parseRubric(input.prompt), [...measured.answers, ...answersOf(input.cards)]);
  const local = summaryText(voice, cards, measured.facts, checks, input.next ?? null);
  const answer = await ai.structured({
    task: "activity-summary",
    schema: answerSchema,
    system:
      `You are the coach inside an app about ${voice.subject}. Sum up a ${voice.practitioner}'s whole ${voice.session} ` +
      'as the creator\'s prompt asks, from the cards\' results and the measurements given. Answer JSON {"text": "..."}.',
    prompt: modelPrompt({
      creatorPrompt: input.prompt,
      cards: input.cards.map(({ title, text }) => ({ title, text })),
      measurements: measured.facts,
      rubricChecks: checkLines(summaryChecks(cards, checks)),
      nextInTheirPlan: input.next ?? undefined,
    }),
    local: () => ({ text: local }),
  });
  return { text: answer.value.text };
}
