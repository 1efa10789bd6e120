/**
 * Blueprint content written from a practice domain by the embedded default: stories (Markdown),
 * quizzes with their right answers, and activities (instruction, inputs, AI analysis, summary), all
 * in the practice's own words (its phases, sessions, milestones and metrics). New apps start with
 * one of each; the builder's "+" suggestions offer more. Pure and deterministic.
 */
import type { BlueprintItem } from "~/db/app-content";
import type { DomainPhase, PracticeDomain } from "~/platform/adapters/ai/embedded/domain";
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

/**
 * The phase a story or quiz teaches: its title's place in the domain's list, spread over the phases
 * (the first story and the first quiz teach the first phase; a title from elsewhere, one by its hash).
 */
function phaseOf(domain: PracticeDomain, list: string[], title: string): DomainPhase {
  const n = domain.phases.length;
  // A title that names a stage ('Why endgames make you stronger') teaches that stage.
  const named = namedPhase(domain, title);
  if (named) return named;
  const i = list.indexOf(title);
  const at = i < 0 ? hashOf(title) % n : list.length <= 1 ? 0 : Math.round((i * (n - 1)) / (list.length - 1));
  return domain.phases[Math.min(at, n - 1)]!;
}

const stems = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length > 3)
      .map((w) => w.replace(/(?:es|s)$/, "")),
  );

/** The stage whose title shares a word with the item's title ('endgames' → 'Endgames'), if one does. */
function namedPhase(domain: PracticeDomain, title: string): DomainPhase | null {
  const words = stems(title);
  let best: { phase: DomainPhase; shared: number } | null = null;
  for (const phase of domain.phases) {
    const shared = [...stems(phase.title)].filter((w) => words.has(w)).length;
    if (shared > 0 && (!best || shared > best.shared)) best = { phase, shared };
  }
  return best?.phase ?? null;
}

/** Sessions of this phase that no other phase has: what only this stage teaches. */
const ownSessions = (domain: PracticeDomain, phase: DomainPhase) =>
  phase.sessions.filter((s) => !domain.phases.some((p) => p !== phase && p.sessions.includes(s)));

/** A story: what one stage of the practice is for, what its sessions are, the milestones and what to avoid. */
export function storyFrom(domain: PracticeDomain, title: string): BlueprintItem {
  const phase = phaseOf(domain, domain.stories, title);
  const body = [
    `## ${title}`,
    "",
    `**${phase.title}.** ${phase.focus}`,
    "",
    `**In a ${domain.session.one} of this stage**`,
    "",
    ...phase.sessions.map((s) => `- ${s}`),
    "",
    "**Milestones along the way**",
    "",
    ...domain.milestones.slice(0, 4).map((m) => `- ${m}`),
    ...(domain.cautions ? ["", `**What to avoid:** ${domain.cautions}.`] : []),
    "",
    `**What to track:** ${domain.metrics.map((m) => `${m.label.toLowerCase()} (${m.unit})`).join(", ")}.`,
  ].join("\n");
  return { id: idOf("story", title), kind: "story", title: clipText(title, 120), body: clipText(body, 20_000) };
}

/**
 * A quiz on what the story of the same place teaches (./storyFrom): that stage's focus, a session
 * only it has, and the first milestone the story names. Wrong options come from the practice's
 * other stages, so every option is in the practice's words and only one fits.
 */
export function quizFrom(domain: PracticeDomain, title: string): BlueprintItem {
  const phase = phaseOf(domain, domain.quizzes, title);
  const others = domain.phases.filter((p) => p !== phase);
  const distinct = (values: string[], not: string) => [...new Set(values)].filter((v) => v !== not);
  const questions: { question: string; options: string[]; answer: number }[] = [];
  const focuses = distinct(
    others.map((p) => p.focus),
    phase.focus,
  );
  if (focuses.length >= 1)
    questions.push({
      question: clipText(`What is "${phase.title}" about?`, 300),
      ...placed(phase.focus, focuses.slice(-2), `${title}:focus`),
    });
  const own = ownSessions(domain, phase)[0];
  const elsewhere = distinct(
    others.flatMap((p) => ownSessions(domain, p)),
    own ?? "",
  );
  if (own && elsewhere.length >= 1)
    questions.push({
      question: clipText(`Which ${domain.session.one} belongs to "${phase.title}"?`, 300),
      ...placed(
        own,
        [elsewhere[0]!, elsewhere.at(-1)!].filter((v, i, all) => all.indexOf(v) === i),
        `${title}:session`,
      ),
    });
  const milestones = domain.milestones;
  if (milestones.length >= 2)
    questions.push({
      question: "Which milestone comes first?",
      ...placed(milestones[0]!, distinct(milestones.slice(1), milestones[0]!).slice(-2), `${title}:milestone`),
    });
  return { id: idOf("quiz", title), kind: "quiz", title: clipText(title, 120), questions };
}

/** An activity to do and report on, card by card (./activity-content.ts). */
export function activityFrom(domain: PracticeDomain, title: string): BlueprintItem {
  return practiceActivity(domain, title, idOf("activity", title));
}

/** What a new app's blueprint starts with: the practice's first story, quiz and activity. */
export function starterItems(domain: PracticeDomain): BlueprintItem[] {
  const storyTitle = domain.stories[0] ?? `About ${domain.name.toLowerCase()}`;
  const quizTitle = domain.quizzes[0] ?? `${domain.name} basics`;
  // The first quiz checks what the first story teaches: when their titles name different stages, the
  // quiz is named after the story's.
  const stage = phaseOf(domain, domain.stories, storyTitle);
  return [
    storyFrom(domain, storyTitle),
    quizFrom(
      domain,
      phaseOf(domain, domain.quizzes, quizTitle) === stage ? quizTitle : `${stage.title}: check yourself`,
    ),
    activityFrom(domain, domain.activities[0] ?? `${domain.name} session log`),
  ];
}
