/**
 * Activities (issue 14; creator-app-builder spec 3, 7, 8): what an end user gives a card, how the
 * spec's calls map onto it, which stored files a call may read, and the checks an answer passes
 * before a run changes. Pure; the screens import the types from here.
 */
import type { ActivityCard } from "~/db/app-content";

export type MediaType = "image" | "audio" | "video" | "pdf";
export const MEDIA_TYPES = ["image", "audio", "video", "pdf"] as const satisfies readonly MediaType[];

/** One thing an AI card reads: an input card's answer, or an uploaded file. */
export type CardInput =
  | { kind: "text"; label: string; value: string }
  | { kind: "number"; label: string; value: number; unit?: string }
  | { kind: "choice"; label: string; value: string }
  | { kind: "media"; label: string; url: string; type: MediaType };

/** The spec's fixed failure results (section 8), word for word. */
export const activityFailures = {
  image: "Failed to generate image",
  summary: "Failed to analyze activity summary",
  saveSummary: "Failed to save activity summary",
  /** Ours: an analysis card whose job gave up (the spec names no fixed message for analyzeUploads). */
  analysis: "Failed to analyze uploads",
} as const;

export const activityMessages = {
  appNotFound: "App not found",
  noAccess: "You do not have access to this app",
  notYou: "userId must be your own user id",
  runNotFound: "That activity run does not exist",
  notYourRun: "That activity run is not yours",
  activityNotFound: "That activity is not in the app's blueprint",
  noBlueprint: "The app has no blueprint yet",
  cardNotFound: "That card is not in this activity",
  notCurrent: "That card is not the one to answer now",
  finished: "This activity run is finished",
  notInput: "Only input cards take an answer",
  notInstruction: "Only an instruction card is gone past this way",
  listsDiffer: "mediaUrls and mediaTypes must be lists of the same length",
  simulationOwnerOnly: "Only the app's owner can upload files for the simulator",
  notOwnFile: "That file is not one of your uploads for this app",
  mediaRefused:
    "Media URLs must be files from this app's media library (/media/app-media/…) or your own uploads for it (/media/user-media/…)",
  noFile: "Choose a file to upload",
  unknownCard: (kind: "analysis" | "image") => `cardContext must be the title of one of this app's ${kind} cards`,
  noSummaryCard: "This activity has no summary card",
} as const;

// ---- which stored files a call may read ----------------------------------------------------------

export const userMediaPrefix = (appId: string, userId: string) => `user-media/${appId}/${userId}/`;
export const USER_MEDIA_ROOT = "user-media/";

/**
 * The R2 key of a /media/ url the caller may read for this app: the app's library
 * (app-media/{appId}/…) or the caller's own uploads (user-media/{appId}/{userId}/…). Anything else
 * (another app's or user's file, a web address, a path with ..) is refused with why, in words: no
 * arbitrary URL is ever fetched.
 */
export function readableMediaKey(
  raw: string,
  who: { appId: string; userId: string },
  origin?: string,
): { key: string; own: boolean } | { refused: string } {
  let path = raw.trim();
  if (origin && path.startsWith(origin)) path = path.slice(origin.length);
  if (!path.startsWith("/media/") || path.includes("?") || path.includes("#"))
    return { refused: activityMessages.mediaRefused };
  let key: string;
  try {
    key = decodeURIComponent(path.slice("/media/".length));
  } catch {
    return { refused: activityMessages.mediaRefused };
  }
  if (key.split("/").some((part) => part === ".." || part === "." || part === ""))
    return { refused: activityMessages.mediaRefused };
  if (key.startsWith(`app-media/${who.appId}/`)) return { key, own: false };
  if (key.startsWith(userMediaPrefix(who.appId, who.userId))) return { key, own: true };
  return { refused: activityMessages.mediaRefused };
}

// ---- the spec's calls onto CardInput -------------------------------------------------------------

/** inputContext as the spec sends it: free text, or the text and number answers as {label, value}. */
export type InputContext = string | { label?: string; value: unknown; unit?: string }[] | undefined;

/**
 * The inputs of an analyzeUploads / generateImageFromInputs call: each media url with its type,
 * then the input context's answers (a string is one text answer). Lists of different lengths, or a
 * type that is not image, audio, video or pdf, are refused in words.
 */
export function inputsFromCall(
  mediaUrls: string[],
  mediaTypes: string[],
  inputContext: InputContext,
): { inputs: CardInput[] } | { error: string } {
  if (mediaUrls.length !== mediaTypes.length) return { error: activityMessages.listsDiffer };
  const inputs: CardInput[] = [];
  for (let i = 0; i < mediaUrls.length; i++) {
    const type = mediaTypes[i]!.toLowerCase();
    if (!(MEDIA_TYPES as readonly string[]).includes(type))
      return { error: `mediaTypes[${i}] must be image, audio, video or pdf` };
    inputs.push({ kind: "media", label: `Upload ${i + 1}`, url: mediaUrls[i]!, type: type as MediaType });
  }
  if (typeof inputContext === "string") {
    if (inputContext.trim()) inputs.push({ kind: "text", label: "Answer", value: inputContext.trim() });
  } else if (Array.isArray(inputContext)) {
    inputContext.forEach((entry, i) => {
      const label = entry.label?.trim() || `Answer ${i + 1}`;
      if (typeof entry.value === "number" && Number.isFinite(entry.value))
        inputs.push({ kind: "number", label, value: entry.value, ...(entry.unit && { unit: entry.unit }) });
      else if (typeof entry.value === "string" && entry.value.trim())
        inputs.push({ kind: "text", label, value: entry.value.trim() });
    });
  }
  return { inputs };
}

// ---- answers to input cards ----------------------------------------------------------------------

type InputCard = Extract<ActivityCard, { kind: "input" }>;

/** What an input card keeps as its answer. */
export type CardAnswer =
  | { text: string }
  | { number: number; unit?: string }
  | { choice: string }
  | { url: string; type: MediaType }
  | { skipped: true };

const UPLOAD_TYPE: Record<string, MediaType> = { photo: "image", audio: "audio", video: "video", pdf: "pdf" };

/** The media type an upload card takes ('photo' → image), or null for other input cards. */
export const uploadTypeOf = (card: InputCard): MediaType | null => UPLOAD_TYPE[card.inputType] ?? null;

export const TEXT_LIMITS = { "short-text": 300, "long-text": 5_000 } as const;
/** A number answer stays within this (a typo of a few zeros is caught, any real measure fits). */
export const NUMBER_LIMIT = 1_000_000;

/**
 * The answer to keep for an input card, or the reason it is refused, in words. Uploads are checked
 * here for their shape; whether the url is the user's own file is the service's check.
 */
export function checkAnswer(card: InputCard, raw: unknown): { answer: CardAnswer } | { error: string } {
  const value = raw && typeof raw === "object" && "value" in raw ? (raw as { value: unknown }).value : raw;
  const empty = value === undefined || value === null || (typeof value === "string" && !value.trim());
  if (empty && !(raw && typeof raw === "object" && "url" in raw)) {
    if (card.optional) return { answer: { skipped: true } };
    return { error: "Answer the card to go on" };
  }
  switch (card.inputType) {
    case "short-text":
    case "long-text": {
      if (typeof value !== "string") return { error: "The answer must be text" };
      const limit = TEXT_LIMITS[card.inputType];
      if (value.trim().length > limit)
        return { error: `Keep the answer under ${limit.toLocaleString("en-US")} characters` };
      return { answer: { text: value.trim() } };
    }
    case "number": {
      const n =
        typeof value === "number" ? value : typeof value === "string" ? Number(value.trim().replace(",", ".")) : NaN;
      if (!Number.isFinite(n)) return { error: "The answer must be a number" };
      if (n < 0) return { error: "The answer cannot be negative" };
      if (n > NUMBER_LIMIT) return { error: `The answer must be at most ${NUMBER_LIMIT.toLocaleString("en-US")}` };
      return { answer: { number: n, ...(card.unit && { unit: card.unit }) } };
    }
    case "choice": {
      const options = card.options ?? [];
      const chosen =
        typeof value === "string" ? options.find((o) => o.toLowerCase() === value.trim().toLowerCase()) : undefined;
      if (!chosen) return { error: `Choose one of: ${options.join(", ")}` };
      return { answer: { choice: chosen } };
    }
    default: {
      const type = uploadTypeOf(card)!;
      const upload = raw as { url?: unknown; type?: unknown };
      if (typeof upload?.url !== "string" || !upload.url) return { error: "Upload a file for this card" };
      if (upload.type !== undefined && upload.type !== type) return { error: `This card takes ${articleFor(type)}` };
      return { answer: { url: upload.url, type } };
    }
  }
}

const articleFor = (type: MediaType) =>
  ({ image: "a photo", audio: "an audio file", video: "a video", pdf: "a PDF" })[type];

/** An input card's answer as what an AI card reads (null for a skipped card). */
export function answerInput(card: InputCard, answer: CardAnswer): CardInput | null {
  const label = card.prompt;
  if ("skipped" in answer) return null;
  if ("text" in answer) return { kind: "text", label, value: answer.text };
  if ("number" in answer)
    return { kind: "number", label, value: answer.number, ...(answer.unit && { unit: answer.unit }) };
  if ("choice" in answer) return { kind: "choice", label, value: answer.choice };
  return { kind: "media", label, url: answer.url, type: answer.type };
}

/** Cards that are AI work: they run as an activity-card job when the run reaches them. */
export const isAiCard = (card: ActivityCard) =>
  card.kind === "analysis" || card.kind === "image" || card.kind === "summary";

// ---- what an end user is sent of a card ---------------------------------------------------------

/** An AI card's brief: the creator's prompt, with its rubric and targets. It stays on the server. */
export type BriefField = "analysisPrompt" | "generationPrompt" | "summaryAnalysisPrompt";

type WithoutBrief<C> = C extends unknown ? Omit<C, Extract<keyof C, BriefField>> : never;

/** A card as an end user's screen (or any answer to an end user) gets it: an AI card without its brief. */
export type ShownCard = WithoutBrief<ActivityCard>;

/**
 * The card without its brief. Analyses, pictures and summaries are made on the server from the brief
 * it keeps (runs.server.ts reads the run's cards from D1), so the end user's pages never need it.
 */
export function shownCard(card: ActivityCard): ShownCard {
  switch (card.kind) {
    case "analysis":
    case "image":
      return { id: card.id, kind: card.kind, title: card.title, inputIds: card.inputIds };
    case "summary":
      return { id: card.id, kind: card.kind, title: card.title };
    default:
      return card;
  }
}

/** An AI card's kind, title and brief; null for the other cards. */
function briefOf(card: ActivityCard): { kind: "analysis" | "image" | "summary"; title: string; brief: string } | null {
  switch (card.kind) {
    case "analysis":
      return { kind: card.kind, title: card.title, brief: card.analysisPrompt };
    case "image":
      return { kind: card.kind, title: card.title, brief: card.generationPrompt };
    case "summary":
      return { kind: card.kind, title: card.title, brief: card.summaryAnalysisPrompt };
    default:
      return null;
  }
}

/**
 * The brief an end user's AI call runs by. The spec's calls carry a prompt, but an end user's is not
 * trusted: the call runs by one of `cards`' own briefs of that kind, the one whose brief was sent,
 * else the one `cardContext` names by its title, else the only one there is; null when none can be
 * told. (The app's owner tries briefs of their own: the calls take theirs as sent.)
 */
export function storedBrief(
  cards: ActivityCard[],
  kind: "analysis" | "image" | "summary",
  sent: string,
  cardContext?: string,
): string | null {
  const briefs = cards.flatMap((card) => {
    const brief = briefOf(card);
    return brief?.kind === kind ? [brief] : [];
  });
  const same = briefs.find((b) => b.brief.trim() === sent.trim());
  if (same) return same.brief;
  const named = cardContext?.trim().toLowerCase();
  const byTitle = named ? briefs.find((b) => b.title.trim().toLowerCase() === named) : undefined;
  if (byTitle) return byTitle.brief;
  return briefs.length === 1 ? briefs[0]!.brief : null;
}

/** The card's words for an AI card's context ('Card 3: How far did you run?'). */
export function cardContextOf(card: ActivityCard): string {
  switch (card.kind) {
    case "instruction":
      return card.body.slice(0, 300);
    case "input":
      return card.prompt;
    default:
      return card.title;
  }
}
