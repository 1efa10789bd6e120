// Shared by the simulator's integration tests: an app built by a test user, its draft onboarding's
// questions, and answers that pass every page.
import { env } from "cloudflare:test";
import type { OnboardingFlow, Question } from "~/db/app-content";

export const B = "/api/app-builder";

export async function draftFlow(appId: string): Promise<OnboardingFlow> {
  const row = await env.DB.prepare("SELECT onboarding_flow FROM apps WHERE id = ?")
    .bind(appId)
    .first<{ onboarding_flow: string }>();
  return JSON.parse(row!.onboarding_flow) as OnboardingFlow;
}

/** An answer the question accepts. */
export function goodAnswer(q: Question): unknown {
  switch (q.type) {
    case "single_choice":
      return q.options![0].value;
    case "multiple_choice":
      return [q.options![0].value];
    case "number":
    case "slider":
      return q.min ?? Math.min(q.max ?? 3, 3);
    case "date":
      return "2031-05-04";
    case "short_text":
      return "A persona's words";
  }
}

/** Answers to every question of every page (so every visible page passes). */
export function answersFor(flow: OnboardingFlow): Record<string, unknown> {
  return Object.fromEntries(flow.pages.flatMap((p) => p.questions.map((q) => [q.key, goodAnswer(q)])));
}

/** Publishes the app's draft as is (tests only: publishing itself needs a studio tier). */
export async function publishAsIs(appId: string) {
  await env.DB.prepare(
    `UPDATE apps SET is_published = 1, published_at = ?2,
       published = json_object('landingPage', json(landing_page), 'theme', json(theme), 'onboardingFlow', json(onboarding_flow))
     WHERE id = ?1`,
  )
    .bind(appId, Date.now())
    .run();
}

export async function slugsOf(appId: string): Promise<{ s1: string; s2: string }> {
  const row = await env.DB.prepare("SELECT storefront_slug, app_slug FROM apps WHERE id = ?")
    .bind(appId)
    .first<{ storefront_slug: string; app_slug: string }>();
  return { s1: row!.storefront_slug, s2: row!.app_slug };
}
