/**
 * Inputs of the activities' calls (creator-app-builder spec 7 "AI analysis and activities"), one
 * zod schema each. Bodies are JSON; the lists come as arrays (a single url may come as text).
 */
import { z } from "zod";
import { idField } from "~/platform/id-field";
import { ANALYSIS_PROMPT_MAX } from "~/db/app-content";
import { MEDIA_TYPES } from "./rules";

const id = idField;

const prompt = (name: string) =>
  z
    .string({ required_error: `${name} is required`, invalid_type_error: `${name} must be text` })
    .trim()
    .min(1, `${name} is required`)
    .max(ANALYSIS_PROMPT_MAX, `${name} can be at most ${ANALYSIS_PROMPT_MAX} characters`);

const list = (name: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? [] : typeof v === "string" ? [v] : v),
    z
      .array(
        z
          .string({ invalid_type_error: `${name} must be a list of text` })
          .trim()
          .min(1)
          .max(2_000),
        {
          invalid_type_error: `${name} must be a list`,
        },
      )
      .max(20, `${name} can name at most 20 files`),
  );

const context = z.string().trim().max(10_000, "The context can be at most 10,000 characters").optional();

/** inputContext: free text, or the text and number answers as {label, value, unit?}. */
const inputContext = z
  .union(
    [
      z.string().trim().max(10_000, "inputContext can be at most 10,000 characters"),
      z
        .array(
          z.object({
            label: z.string().trim().max(300).optional(),
            value: z.union([z.string().max(5_000), z.number().finite()]),
            unit: z.string().trim().max(20).optional(),
          }),
        )
        .max(30),
    ],
    { errorMap: () => ({ message: "inputContext must be text or a list of {label, value}" }) },
  )
  .optional();

export const analyzeUploadsBody = z.object({
  appId: id("appId"),
  userId: z.string().trim().max(64).optional(),
  mediaUrls: list("mediaUrls"),
  mediaTypes: list("mediaTypes"),
  analysisPrompt: prompt("analysisPrompt"),
  inputContext,
  cardContext: context,
  allCardsContext: context,
});

export const generateImageBody = z.object({
  appId: id("appId"),
  userId: z.string().trim().max(64).optional(),
  mediaUrls: list("mediaUrls"),
  mediaTypes: list("mediaTypes"),
  generationPrompt: prompt("generationPrompt"),
  inputContext,
  cardContext: context,
});

/** allCardsContext of a summary: text (one card's worth), or the cards as {title, text} or strings. */
const allCards = z
  .union([
    z.string().trim().max(20_000),
    z
      .array(
        z.union([
          z.string().max(5_000),
          z.object({ title: z.string().max(300).default(""), text: z.string().max(5_000) }),
        ]),
      )
      .max(40),
  ])
  .optional();

export const summaryAnalysisBody = z.object({
  activityId: z.string().trim().max(64).optional(),
  allCardsContext: allCards,
  summaryAnalysisPrompt: prompt("summaryAnalysisPrompt"),
  allMediaUrls: list("allMediaUrls"),
  allMediaTypes: list("allMediaTypes"),
});

export const saveSummaryBody = z.object({
  summaryAnalysisText: z
    .string({
      required_error: "summaryAnalysisText is required",
      invalid_type_error: "summaryAnalysisText must be text",
    })
    .trim()
    .min(1, "summaryAnalysisText is required")
    .max(20_000, "summaryAnalysisText can be at most 20,000 characters"),
});

const flag = z.preprocess(
  (v) => (v === "true" || v === "1" ? true : v === "false" || v === "0" ? false : v),
  z.boolean({ invalid_type_error: "isForSimulation must be true or false" }).default(true),
);

export const uploadUserMediaFields = z.object({
  appId: id("appId"),
  type: z.enum(MEDIA_TYPES, { errorMap: () => ({ message: "type must be image, audio, video or pdf" }) }).optional(),
  activityId: z.string().trim().max(64).optional(),
  isForSimulation: flag,
});

export const uploadUserMediaBody = uploadUserMediaFields.extend({
  url: z.string({ required_error: "url is required" }).trim().min(1, "url is required").max(2_000),
});
