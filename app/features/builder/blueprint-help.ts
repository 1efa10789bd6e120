/**
 * The blueprint editor's help and "+" suggestions, from the app's own blueprint (pure; the embedded
 * default of getBlueprintHelpForApp and getEditorPlusButtonSuggestions).
 * - Help looks at the blueprint as it is: what is missing, what is thin, and the one next step.
 * - Suggestions come from the app's practice (read from its blueprint's topic and goal), what the
 *   blueprint already has, and where the cursor is (the item it sits after).
 * When no practice can be read, the spec's default sections are the answer.
 */
import { blueprintItemSchema, type Blueprint, type BlueprintItem } from "~/db/app-content";
import { DEFAULT_ACTIVITIES } from "~/features/apps/activity-content";
import { activityFrom, quizFrom, storyFrom } from "~/features/apps/blueprint-content";
import { capitalise, slugify } from "~/platform/format";
import { cardsFromText, cardsToText, freeItemId } from "./blueprint-form";
import type { PracticeDomain } from "~/platform/adapters/ai/embedded/domain";
import { genericDomain, knownDomain, matchDomain, namesSubject } from "~/platform/adapters/ai/embedded/idea";

export interface BlueprintHelp {
  missing: string[];
  thin: string[];
  nextStep: string;
}

const countOf = (items: BlueprintItem[], kind: BlueprintItem["kind"]) => items.filter((i) => i.kind === kind).length;

export function blueprintHelp(blueprint: Blueprint): BlueprintHelp {
  const items = blueprint.items ?? [];
  const missing: string[] = [];
  const thin: string[] = [];
  if (!blueprint.audience) missing.push("Who the app is for: add an audience, so every page can speak to them.");
  if (!blueprint.outcomes?.length) missing.push("Outcomes: what users come away with, in a few words each.");
  if (countOf(items, "story") === 0) missing.push("Stories: something to read that explains the why.");
  if (countOf(items, "quiz") === 0) missing.push("Quizzes: a few questions to check what users took in.");
  if (countOf(items, "activity") === 0) missing.push("Activities: a session users do, card by card.");
  const levels = new Set(blueprint.phaseTemplates.map((p) => p.level));
  if (!levels.has("beginner") && !levels.has("all"))
    missing.push("A phase for beginners: someone starting out has nowhere to begin.");
  if (blueprint.phaseTemplates.length < blueprint.expectedPhaseCount)
    thin.push(
      `Phases: ${blueprint.phaseTemplates.length} for a plan of ${blueprint.expectedPhaseCount}; some will be repeated as 'part 2'.`,
    );
  const oneSession = blueprint.phaseTemplates.filter((p) => p.sessions.length < 2).map((p) => p.title);
  if (oneSession.length > 0) thin.push(`Phases with one session: ${oneSession.slice(0, 3).join(", ")}.`);
  if (blueprint.description.length < 80) thin.push("The description: two sentences that sell the plan work better.");
  const shortStories = items.filter((i) => i.kind === "story" && i.body.length < 300).map((i) => i.title);
  if (shortStories.length > 0) thin.push(`Short stories: ${shortStories.slice(0, 3).join(", ")}.`);
  const nextStep =
    missing[0] ??
    thin[0] ??
    (items.length < 6
      ? "Add another activity: users come back for things to do."
      : "Preview the onboarding as a user and read the plan it makes.");
  return { missing, thin, nextStep };
}

export interface SuggestionItem {
  id: string;
  title: string;
  icon: string;
  /** Markdown. */
  content: string;
}
export interface SuggestionSection {
  title: string;
  items: SuggestionItem[];
}

/** An item as Markdown, for the suggestion's content. An activity is its card text (blueprint-form.ts), which reads as Markdown and inserts back as the same cards. */
export function itemMarkdown(item: BlueprintItem): string {
  if (item.kind === "story") return item.body;
  if (item.kind === "quiz")
    return [
      `## ${item.title}`,
      ...item.questions.flatMap((q, i) => [
        "",
        `${i + 1}. ${q.question}`,
        ...q.options.map((o, j) => `   - ${o}${j === q.answer ? " ✓" : ""}`),
      ]),
    ].join("\n");
  return cardsToText(item.cards);
}

/**
 * The item a suggestion or an example the editor does not know stands for (a real AI's suggestion,
 * a saved example): an activity when its content is card text with an input card and passes the
 * activity rules, else a story of its Markdown.
 */
export function itemFromContent(taken: { id: string }[], title: string, content: string): BlueprintItem {
  const read = cardsFromText(content);
  if (read.ok && read.cards.some((c) => c.kind === "input")) {
    const activity = {
      id: freeItemId(taken, `activity-${slugify(title).slice(0, 40) || "item"}`),
      kind: "activity" as const,
      title,
      cards: read.cards,
    };
    const checked = blueprintItemSchema.safeParse(activity);
    if (checked.success) return checked.data;
  }
  return {
    id: freeItemId(taken, `story-${slugify(title).slice(0, 40) || "item"}`),
    kind: "story",
    title,
    body: content.trim() || title,
  };
}

/** Spec 8: what the "+" button offers when suggestions cannot be made (the call failed). Its activities are real ones. */
export const DEFAULT_SUGGESTIONS: SuggestionSection[] = [
  {
    title: "Suggested",
    items: [
      { id: "custom-1", title: "Custom example 1", icon: "sparkles", content: "" },
      { id: "custom-2", title: "Custom example 2", icon: "sparkles", content: "" },
    ],
  },
  {
    title: "Stories",
    items: [
      { id: "teach-nutrition", title: "Teach about nutrition", icon: "book", content: "" },
      { id: "progressive-overload", title: "Explain progressive overload", icon: "book", content: "" },
      { id: "quiz-nutrition", title: "Quiz about nutrition", icon: "question", content: "" },
    ],
  },
  {
    title: "Activities",
    items: DEFAULT_ACTIVITIES.map((a) => ({ id: a.id, title: a.title, icon: "activity", content: itemMarkdown(a) })),
  },
];

const suggestion = (item: BlueprintItem, icon: string): SuggestionItem => ({
  id: item.id,
  title: item.title,
  icon,
  content: itemMarkdown(item),
});

/** The app's practice, read from its blueprint. */
export const domainOfBlueprint = async (blueprint: Blueprint): Promise<PracticeDomain | null> =>
  // The topic names the practice; the goal and title may name its audience ('desk workers'), so
  // they count only when the topic alone names nothing. Only on strong evidence, as for an idea.
  (await matchDomain(blueprint.topic)) || (await namesSubject(blueprint.topic))
    ? knownDomain(blueprint.topic)
    : knownDomain(`${blueprint.topic} ${blueprint.goal} ${blueprint.planTitle}`);

/**
 * The "+" sections for this blueprint, with the cursor after `afterItemId` (or at the start):
 * 'Suggested' (what would come next at the cursor), then the practice's stories, quizzes and
 * activities the blueprint does not have yet.
 */
export async function editorSuggestions(
  blueprint: Blueprint,
  afterItemId: string | null,
): Promise<SuggestionSection[]> {
  try {
    return await suggestionsOf(blueprint, afterItemId);
  } catch (error) {
    console.error("blueprint: suggestions could not be made", error);
    return DEFAULT_SUGGESTIONS;
  }
}

/**
 * The practice an app's own blueprint describes, when no known practice matches it: its subject,
 * phases, session words and what users count down to, so its suggestions speak of what the creator
 * wrote (a beekeeping app is offered beekeeping, never a long run).
 */
export function blueprintDomain(blueprint: Blueprint): PracticeDomain {
  const base = genericDomain(blueprint.topic.toLowerCase());
  const phases = (blueprint.phaseTemplates ?? []).filter((p) => p.sessions.length > 0);
  const session = blueprint.vocabulary?.session ?? base.session;
  const titles = phases.map((p) => p.title);
  return {
    ...base,
    name: blueprint.topic,
    targetLabel: blueprint.targetLabel,
    session,
    phases: phases.length > 0 ? phases.map((p) => ({ ...p, level: p.level ?? "all" })) : base.phases,
    milestones: titles.length >= 2 ? titles.slice(0, 6) : base.milestones,
    stories: titles.length > 0 ? titles.slice(0, 5).map((t) => `About ${t.toLowerCase()}`) : base.stories,
    quizzes: titles.length > 0 ? titles.slice(0, 5).map((t) => `Check yourself: ${t.toLowerCase()}`) : base.quizzes,
    activities: [`${capitalise(session.one)} log`, ...titles.slice(0, 3).map((t) => `${t}: how it went`)],
  };
}

async function suggestionsOf(blueprint: Blueprint, afterItemId: string | null): Promise<SuggestionSection[]> {
  const domain = (await domainOfBlueprint(blueprint)) ?? blueprintDomain(blueprint);
  const have = new Set((blueprint.items ?? []).map((i) => i.title.toLowerCase()));
  const fresh = (titles: string[]) => titles.filter((t) => !have.has(t.toLowerCase()));
  const stories = fresh(domain.stories).map((t) => suggestion(storyFrom(domain, t), "book"));
  const quizzes = fresh(domain.quizzes).map((t) => suggestion(quizFrom(domain, t), "question"));
  const activities = fresh(domain.activities).map((t) => suggestion(activityFrom(domain, t), "activity"));
  // After a story, check it with a quiz; after a quiz, practise with an activity; else tell a story.
  const at = (blueprint.items ?? []).find((i) => i.id === afterItemId);
  const order =
    at?.kind === "story"
      ? [quizzes, activities, stories]
      : at?.kind === "quiz"
        ? [activities, stories, quizzes]
        : [stories, activities, quizzes];
  const suggested = order.flatMap((list) => list.slice(0, 1)).slice(0, 2);
  return [
    { title: "Suggested", items: suggested },
    { title: "Stories", items: [...stories, ...quizzes].slice(0, 4) },
    { title: "Activities", items: activities.slice(0, 4) },
  ].filter((section) => section.items.length > 0);
}

/** The item a suggestion stands for, to insert into the blueprint. */
export async function suggestedItem(blueprint: Blueprint, suggestionId: string): Promise<BlueprintItem | null> {
  const domain = (await domainOfBlueprint(blueprint)) ?? blueprintDomain(blueprint);
  const all = [
    ...domain.stories.map((t) => storyFrom(domain, t)),
    ...domain.quizzes.map((t) => quizFrom(domain, t)),
    ...domain.activities.map((t) => activityFrom(domain, t)),
  ];
  // The spec's default activities were offered when suggestions could not be made: they insert too.
  return all.find((item) => item.id === suggestionId) ?? DEFAULT_ACTIVITIES.find((a) => a.id === suggestionId) ?? null;
}
