/**
 * The personalized-plan generator: generatePlan(input) → Plan. Two implementations:
 * - embedded (default): the deterministic generator of ./generator.ts, no model;
 * - Workers AI: when the worker has an AI binding (optional, not in wrangler.toml by default), the
 *   model is asked for the plan as JSON (the generic adapter in platform/adapters/ai), its answer
 *   validated with planSchema (zod); anything invalid (or an error) falls back to the embedded
 *   generator, so a plan is always made.
 */
import { planSchema, PLAN_DEFAULTS, type Plan } from "~/db/app-content";
import {
  aiBindingOf,
  askForJson,
  DEFAULT_AI_MODEL,
  modelJson,
  type AiBinding,
} from "~/platform/adapters/ai/text-json.server";
import { generatePlan as embeddedGenerate, type GenerateInput } from "./generator";

export interface PlanAdapter {
  readonly name: "embedded" | "workers-ai";
  generatePlan(input: GenerateInput): Promise<Plan>;
}

export const embeddedPlanAdapter: PlanAdapter = {
  name: "embedded",
  generatePlan: async (input) => embeddedGenerate(input),
};

/** A plan the model made, or null when its JSON does not match planSchema (or has no phases). */
export function parseModelPlan(output: unknown): Plan | null {
  const parsed = planSchema.safeParse(modelJson(output));
  if (!parsed.success || parsed.data.phases.length === 0) return null;
  return { ...parsed.data, totalPhaseCount: parsed.data.phases.length };
}

function prompt(input: GenerateInput): string {
  const skeleton = embeddedGenerate(input);
  return [
    "You write personalized training plans. Answer with one JSON object only, no prose.",
    `Its shape: {"title","description","phases":[{"id","title","focus","startDate","endDate","weekNumber","sessions":[string]}],"totalPhaseCount","targetDate","programLengthWeeks","timeToTargetLabel","timeToTargetTitle","timeToTargetDescription"}.`,
    `Make ${input.blueprint?.expectedPhaseCount ?? PLAN_DEFAULTS.expectedPhases} phases, dated from ${input.today} to ${skeleton.targetDate} (YYYY-MM-DD).`,
    `The app's blueprint: ${JSON.stringify(input.blueprint ?? {})}`,
    `The user's answers: ${JSON.stringify(input.answers)}`,
    `A plan to improve on: ${JSON.stringify(skeleton)}`,
  ].join("\n");
}

export function workersAiPlanAdapter(ai: AiBinding, model = DEFAULT_AI_MODEL): PlanAdapter {
  return {
    name: "workers-ai",
    async generatePlan(input) {
      try {
        const plan = parseModelPlan(await askForJson(ai, model, prompt(input)));
        if (plan) return plan;
        console.warn("ai: the model's plan was not valid JSON for planSchema; using the embedded generator");
      } catch (error) {
        console.warn("ai: Workers AI failed; using the embedded generator", String(error));
      }
      return embeddedGenerate(input);
    },
  };
}

/** Workers AI when the AI binding is there, the embedded generator otherwise. */
export function planAdapterFor(bindings: Record<string, unknown>): PlanAdapter {
  const ai = aiBindingOf(bindings);
  return ai ? workersAiPlanAdapter(ai) : embeddedPlanAdapter;
}
