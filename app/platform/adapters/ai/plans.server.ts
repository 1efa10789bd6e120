/**
 * The AI adapter for personalized plans: generatePlan(input) → Plan. Two implementations:
 * - embedded (default): the deterministic generator of app/features/plans/generator.ts, no model;
 * - Workers AI: when the worker has an AI binding (optional, not in wrangler.toml by default), the
 *   model is asked for the plan as JSON, its answer validated with planSchema (zod); anything
 *   invalid (or an error) falls back to the embedded generator, so a plan is always made.
 */
import { planSchema, PLAN_DEFAULTS, type Plan } from "~/features/apps/content";
import { generatePlan as embeddedGenerate, type GenerateInput } from "~/features/plans/generator";

export interface PlanAdapter {
  readonly name: "embedded" | "workers-ai";
  generatePlan(input: GenerateInput): Promise<Plan>;
}

/** What we use of the Workers AI binding (env.AI.run). */
export interface AiBinding {
  run(model: string, input: Record<string, unknown>): Promise<unknown>;
}

export const DEFAULT_AI_MODEL = "@cf/meta/llama-3.1-8b-instruct";

export const embeddedPlanAdapter: PlanAdapter = {
  name: "embedded",
  generatePlan: async (input) => embeddedGenerate(input),
};

/** The model's text (Workers AI answers {response: string}, or an object when asked for JSON). */
function modelJson(output: unknown): unknown {
  const response =
    output && typeof output === "object" && "response" in output ? (output as { response: unknown }).response : output;
  if (typeof response !== "string") return response;
  const start = response.indexOf("{");
  const end = response.lastIndexOf("}");
  if (start < 0 || end <= start) return null;
  try {
    return JSON.parse(response.slice(start, end + 1));
  } catch {
    return null;
  }
}

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
        const output = await ai.run(model, {
          messages: [{ role: "user", content: prompt(input) }],
          response_format: { type: "json_object" },
          max_tokens: 4096,
        });
        const plan = parseModelPlan(output);
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
  const ai = bindings.AI as AiBinding | undefined;
  return ai && typeof ai.run === "function" ? workersAiPlanAdapter(ai) : embeddedPlanAdapter;
}
