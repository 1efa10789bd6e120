/**
 * Inputs of the simulator's calls (creator-app-builder spec 7 "Editor, simulator and testing"), one
 * zod schema each, and the steps of a test flow. Queries arrive as text, so numbers are coerced and
 * flags read "true"/"false"; bodies may be JSON or form fields.
 */
import { z } from "zod";
import { idField } from "~/platform/id-field";
import { UPLOAD_INPUT_TYPES } from "~/db/app-content";
import {
  parseItemTypes,
  PERSONA_NAME_MAX,
  SIMULATOR_ITEM_TYPES,
  SIMULATOR_PAGE_MAX,
  SIMULATOR_PAGE_SIZE,
  TEST_FLOW_STEPS_MAX,
  TEST_FLOW_TITLE_MAX,
  type SimulatorItemType,
} from "./rules";

const id = idField;

/** A testing step's id as the onboarding calls take it (letters, digits, - and _). */
const stepId = id("testingStepId").regex(/^[A-Za-z0-9_-]+$/, "testingStepId must be letters, digits, - or _");

/** A query flag: "true"/"1" or "false"/"0"; absent is false. */
const queryFlag = (name: string) =>
  z
    .enum(["true", "false", "1", "0"], { errorMap: () => ({ message: `${name} must be true or false` }) })
    .optional()
    .transform((v) => v === "true" || v === "1");

const types = z
  .string({ invalid_type_error: "types must be text" })
  .max(300, "types is too long")
  .optional()
  .transform((value, ctx): SimulatorItemType[] => {
    const parsed = parseItemTypes(value);
    if (parsed) return parsed;
    ctx.addIssue({ code: "custom", message: `types must be a comma list of ${SIMULATOR_ITEM_TYPES.join(", ")}` });
    return [];
  });

const itemType = z.enum(SIMULATOR_ITEM_TYPES, {
  errorMap: () => ({ message: `itemType must be one of ${SIMULATOR_ITEM_TYPES.join(", ")}` }),
});

const object = (name: string) =>
  z.record(z.unknown(), { required_error: `${name} is required`, invalid_type_error: `${name} must be an object` });

// ——— Personas (testing steps) ———

const personaName = z
  .string({ required_error: "name is required", invalid_type_error: "name must be text" })
  .trim()
  .min(1, "name is required")
  .max(PERSONA_NAME_MAX, `name can be at most ${PERSONA_NAME_MAX} characters`);

export const createPersonaBody = z.object({ appId: id("appId"), name: personaName });
export const renamePersonaBody = z.object({ testingStepId: stepId, name: personaName });

// ——— Testing onboarding info ———

export const testingInfoQuery = z.object({ appId: id("appId"), testingStepId: stepId });
export const saveTestingInfoBody = z.object({ appId: id("appId"), testingStepId: stepId, info: object("info") });

// ——— Simulator items ———

export const recordItemInput = z.object({
  appId: id("appId"),
  itemType,
  testingStepId: stepId.nullish().transform((v) => v ?? null),
  content: object("content"),
});

export const itemByIdQuery = z.object({ itemId: id("itemId") });

export const mostRecentItemQuery = z.object({
  appId: id("appId"),
  itemType,
  includeTestingSteps: queryFlag("includeTestingSteps"),
});

export const itemsByStepQuery = z.object({ testingStepId: stepId, types });

export const itemsForAppQuery = z.object({
  appId: id("appId"),
  page: z.coerce
    .number({ invalid_type_error: "page must be a whole number from 1" })
    .int("page must be a whole number from 1")
    .min(1, "page must be a whole number from 1")
    .max(100_000, "page is too large")
    .default(1),
  limit: z.coerce
    .number({ invalid_type_error: `limit must be a number between 1 and ${SIMULATOR_PAGE_MAX}` })
    .int(`limit must be a whole number between 1 and ${SIMULATOR_PAGE_MAX}`)
    .min(1, `limit must be between 1 and ${SIMULATOR_PAGE_MAX}`)
    .max(SIMULATOR_PAGE_MAX, `limit must be between 1 and ${SIMULATOR_PAGE_MAX}`)
    .default(SIMULATOR_PAGE_SIZE),
  types,
  includeTestingSteps: queryFlag("includeTestingSteps"),
});

// ——— Test flows ———

const cardRef = { activityId: id("activityId"), cardId: id("cardId") };

/** One step of a test flow: the persona's answers, a card's input, or an upload for a card. */
export const testFlowStepSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("persona-answers"), answers: object("answers") }),
    z.object({
      kind: z.literal("card-input"),
      ...cardRef,
      value: z.union(
        [
          z.string().max(5_000, "value can be at most 5000 characters"),
          z.number(),
          z.array(z.string().max(200)).max(20),
        ],
        {
          errorMap: () => ({ message: "value must be text, a number or a list of choices" }),
        },
      ),
    }),
    z.object({
      kind: z.literal("upload"),
      ...cardRef,
      url: z
        .string({ required_error: "url is required" })
        .trim()
        .min(1, "url is required")
        .max(2_000, "url is too long"),
      type: z.enum(UPLOAD_INPUT_TYPES, {
        errorMap: () => ({ message: `type must be one of ${UPLOAD_INPUT_TYPES.join(", ")}` }),
      }),
    }),
  ],
  { errorMap: () => ({ message: "kind must be persona-answers, card-input or upload" }) },
);
export type TestFlowStep = z.infer<typeof testFlowStepSchema>;

export const testFlowStepsSchema = z
  .array(testFlowStepSchema, { invalid_type_error: "steps must be a list" })
  .max(TEST_FLOW_STEPS_MAX, `A test flow can have at most ${TEST_FLOW_STEPS_MAX} steps`);

const title = z
  .string({ required_error: "title is required", invalid_type_error: "title must be text" })
  .trim()
  .min(1, "title is required")
  .max(TEST_FLOW_TITLE_MAX, `title can be at most ${TEST_FLOW_TITLE_MAX} characters`);

export const createTestFlowBody = z.object({ appId: id("appId"), title });
export const testFlowsQuery = z.object({ appId: id("appId"), loadAllForApp: queryFlag("loadAllForApp") });
export const updateTestFlowBody = z.object({ title: title.optional(), steps: testFlowStepsSchema.optional() });
export type TestFlowChange = z.infer<typeof updateTestFlowBody>;
