/**
 * Blueprint content written from a practice domain by the embedded default: stories (Markdown),
 * quizzes with their right answers, and activities (instruction, inputs, AI analysis, summary), all
 * in the practice's own words (its phases, sessions, milestones and metrics). New apps start with
 * one of each; the builder's "+" suggestions offer more. Pure and deterministic.
 */
import type { BlueprintItem } from "~/db/app-content";
import type { PracticeDomain } from "~/platform/adapters/ai/embedded/domain";
import { hashOf } from "~/platform/adapters/ai/embedded/random";
import { clipText, slugify } from "~/platform/format";
import { practiceActivity } from "./activity-content";

const idOf = (kind: string, title: string) =>
  `${kind}-${slugify(title).slice(0, 40) || "item"}-${(hashOf(title) % 1000).toString(36)}`;

/** Puts the right answer at a place chosen by the question, so it is not always first. */
function placed(right: string, wrong: string[], seed: string): { options: string[]; answer: number } {
  const options = [...wrong.slice(0, 3)];
  const answer = hashOf(seed) % (options.length + 1);
  options.splice(answer, 0, right);
  return { options: options.map((o) => clipText(o, 200)), answer };
}

export function storyFrom(domain: PracticeDomain, title: string): BlueprintItem {
  const phase = domain.phases.find((p) => p.level === "all") ?? domain.phases[0]!;
  const body = [
    `## ${title}`,
    "",
    phase.focus,
    "",
    `Every ${domain.session.one} in this plan has a purpose. Early on, that means ${phase.sessions[0]!.toLowerCase()}; later, the work builds toward ${domain.targetLabel.toLowerCase()}.`,
    "",
    "**Milestones along the way**",
    "",
    ...domain.milestones.slice(0, 4).map((m) => `- ${m}`),
    "",
    `**What to track:** ${domain.metrics.map((m) => `${m.label.toLowerCase()} (${m.unit})`).join(", ")}.`,
  ].join("\n");
  return { id: idOf("story", title), kind: "story", title: clipText(title, 120), body: clipText(body, 20_000) };
}

export function quizFrom(domain: PracticeDomain, title: string): BlueprintItem {
  const phases = domain.phases.map((p) => p.title);
  const first = placed(phases[0]!, [phases.at(-1)!, phases[Math.floor(phases.length / 2)]!], `${title}:first`);
  const last = placed(phases.at(-1)!, [phases[0]!, phases[1] ?? phases[0]!], `${title}:last`);
  const milestone = placed(
    domain.milestones[0]!,
    [`Skip every rest day`, `Do the hardest ${domain.session.one} first`],
    `${title}:milestone`,
  );
  return {
    id: idOf("quiz", title),
    kind: "quiz",
    title: clipText(title, 120),
    questions: [
      { question: "Where does the plan start?", ...first },
      { question: `What comes right before ${domain.targetLabel}?`, ...last },
      { question: "Which of these is an early milestone?", ...milestone },
    ],
  };
}

/** An activity to do and report on, card by card (./activity-content.ts). */
export function activityFrom(domain: PracticeDomain, title: string): BlueprintItem {
  return practiceActivity(domain, title, idOf("activity", title));
}

/** What a new app's blueprint starts with: the practice's first story, quiz and activity. */
export function starterItems(domain: PracticeDomain): BlueprintItem[] {
  return [
    storyFrom(domain, domain.stories[0] ?? `About ${domain.name.toLowerCase()}`),
    quizFrom(domain, domain.quizzes[0] ?? `${domain.name} basics`),
    activityFrom(domain, domain.activities[0] ?? `${domain.name} session log`),
  ];
}
