/**
 * The personalized-plan generator over the AI layer: generatePlan(input) → Plan. The configured
 * model (platform/adapters/ai) is asked for the plan as JSON and its answer validated with
 * planSchema; without a model, or when its answer is unusable, the embedded generator of
 * ./generator.ts makes the plan, so a plan is always made.
 */
import { planSchema, PLAN_DEFAULTS, type Plan } from "~/db/app-content";
import type { Ai } from "~/platform/adapters/ai/ai.server";
import type { ProviderName } from "~/platform/adapters/ai/provider";
import { generatePlan as embeddedGenerate, type GenerateInput } from "./generator";

export interface PlanAdapter {
  readonly name: ProviderName;
  generatePlan(input: GenerateInput): Promise<Plan>;
}

/** A model's plan: planSchema with at least one phase; its phase count is what it made. */
export const modelPlanSchema = planSchema
  .refine((plan) => plan.phases.length > 0, "A plan has phases")
  .transform((plan) => ({ ...plan, totalPhaseCount: plan.phases.length }));

function prompt(input: GenerateInput): string {
  const skeleton = embeddedGenerate(input);
  return [
    `Make ${input.blueprint?.expectedPhaseCount ?? PLAN_DEFAULTS.expectedPhases} phases, dated from ${input.today} to ${skeleton.targetDate} (YYYY-MM-DD).`,
    `The app's blueprint: ${JSON.stringify(input.blueprint ?? {})}`,
    `The user's answers: ${JSON.stringify(input.answers)}`,
    `A plan to improve on: ${JSON.stringify(skeleton)}`,
  ].join("\n");
}

export function aiPlanAdapter(ai: Ai): PlanAdapter {
  return {
    name: ai.provider,
    async generatePlan(input) {
      const result = await ai.structured({
        task: "plan",
        schema: modelPlanSchema,
        system:
          "You write personalized practice plans for the app described by the blueprint, in its own words and domain. " +
          `The answer's shape: {"title","description","phases":[{"id","title","focus","startDate","endDate","weekNumber","sessions":[string]}],"totalPhaseCount","targetDate","programLengthWeeks","timeToTargetLabel","timeToTargetTitle","timeToTargetDescription"}.`,
        prompt: prompt(input),
        local: () => embeddedGenerate(input),
      });
      return result.value;
    },
  };
}
