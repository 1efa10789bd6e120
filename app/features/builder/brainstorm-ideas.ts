/**
 * The embedded default's brainstorm: from what the creator typed (an interest, who for, their own
 * expertise) five app ideas in the practice's words, each from a different angle (the core
 * programme, a quick start, a milestone, a daily habit, a step up), with a promise, an audience, an
 * outcome, three sample onboarding questions, a phase outline and the idea text that builds it.
 * Pure and deterministic: the same words, the same ideas; different words, different ones.
 */
import type { BrainstormIdea } from "~/db/app-content";
import { capitalise, clipText, titleCase } from "~/platform/format";
import type { PracticeDomain } from "~/platform/adapters/ai/embedded/domain";
import { readIdea, type IdeaReading } from "~/platform/adapters/ai/embedded/idea";

export interface BrainstormInput {
  interest: string;
  audience: string;
  expertise: string;
}

const lower = (s: string) => (s ? s[0]!.toLowerCase() + s.slice(1) : s);

/** 'Get stronger on the big lifts' → 'get stronger on the big lifts'; 'Do my first pull-up' → 'do their first pull-up'. */
/** 'desk workers' → "desk workers'", 'Sam' → "Sam's". */
const possessive = (who: string) => (who.endsWith("s") ? `${who}'` : `${who}'s`);
const theirs = (goal: string) =>
  lower(goal)
    .replace(/\bmy\b/g, "their")
    .replace(/\bI\b/g, "they");
const yours = (goal: string) =>
  lower(goal)
    .replace(/\bmy\b/g, "your")
    .replace(/\bI\b/g, "you");

function phasesOf(domain: PracticeDomain, levels: PracticeDomain["phases"][number]["level"][], max = 6): string[] {
  const chosen = domain.phases.filter((p) => levels.includes(p.level)).map((p) => p.title);
  const list = chosen.length >= 3 ? chosen : domain.phases.map((p) => p.title);
  return list.slice(0, max).map((t) => clipText(t, 80));
}

function questionsOf(reading: IdeaReading, first: string): string[] {
  const own = reading.domain.questions.map((q) => q.label);
  return [first, own[0] ?? `How often do you ${reading.domain.verb} now?`, own[1] ?? `Which days suit you best?`].map(
    (q) => clipText(q, 200),
  );
}

/** Five ideas, one per angle, for what the creator typed. */
export async function brainstormIdeas(input: BrainstormInput): Promise<BrainstormIdea[]> {
  const typed = [input.interest, input.audience ? `for ${input.audience}` : ""].filter(Boolean).join(" ");
  const reading = await readIdea(typed);
  const { domain } = reading;
  const subject = reading.subject;
  const Title = titleCase(reading.title);
  const who = input.audience.trim() || reading.audience || `${domain.practitioner.many} of every level`;
  const Who = titleCase(who);
  const named = !!(input.audience.trim() || reading.audience);
  const forWho = named ? ` for ${Who}` : "";
  const theirWeek = named ? `${possessive(who)} week` : "your week";
  const theirDay = named ? `${possessive(who)} day` : "your day";
  const goals = domain.goals;
  const goalA = goals[0]!;
  const goalB = goals[Math.min(2, goals.length - 1)]!;
  const goalC = goals.at(-1)!;
  const first = domain.milestones[0] ?? `Your first week of ${subject}`;
  const expertise = input.expertise.trim();
  const weeksStarter = 4;

  const ideas: BrainstormIdea[] = [
    {
      name: clipText(named ? `${Title}${forWho}` : `${Title} Coach`, 60),
      promise: clipText(`A personalized ${subject} plan that fits ${theirWeek} and starts at the right level.`, 200),
      audience: clipText(capitalise(who), 120),
      outcome: clipText(capitalise(yours(goalA.label)), 200),
      questions: questionsOf(reading, `What do you most want from ${subject}?`),
      phases: phasesOf(domain, ["all", "beginner", "intermediate"]),
      idea: clipText(
        `A ${subject} app that helps ${who} ${theirs(goalA.label)}, with a plan built around their week.`,
        2000,
      ),
    },
    {
      name: clipText(`${weeksStarter}-Week ${Title} Starter`, 60),
      promise: clipText(`From a first ${domain.session.one} to "${first}" in ${weeksStarter} weeks.`, 200),
      audience: clipText(capitalise(`complete beginners${forWho ? ` among ${who}` : ""}`), 120),
      outcome: clipText(capitalise(first), 200),
      questions: questionsOf(reading, `Have you tried ${subject} before?`),
      phases: phasesOf(domain, ["beginner", "all"], 4),
      idea: clipText(
        `A ${weeksStarter}-week ${subject} starter plan that helps complete beginners reach "${lower(first)}".`,
        2000,
      ),
    },
    {
      name: clipText(titleCase(yours(goalB.label).replace(/^./, (c) => c.toUpperCase())), 60),
      promise: clipText(`A step-by-step ${subject} plan to ${yours(goalB.label)}.`, 200),
      audience: clipText(capitalise(who), 120),
      outcome: clipText(capitalise(yours(goalB.label)), 200),
      questions: questionsOf(reading, `When would you like to ${yours(goalB.label)}?`),
      phases: phasesOf(domain, ["all", "intermediate", "advanced"]),
      idea: clipText(`A ${subject} plan that helps ${who} ${theirs(goalB.label)}, step by step.`, 2000),
    },
    {
      name: clipText(`Daily ${Title}`, 60),
      promise: clipText(`Short daily ${domain.session.many} that fit around ${theirDay}, and a streak to keep.`, 200),
      audience: clipText(capitalise(`busy ${who.replace(/^busy /i, "")}`), 120),
      outcome: clipText(`Make ${subject} a daily habit`, 200),
      questions: questionsOf(reading, `How many minutes a day can you give ${subject}?`),
      phases: phasesOf(domain, ["beginner", "all"], 5),
      idea: clipText(
        `A daily ${subject} habit app that helps busy ${who.replace(/^busy /i, "")} practise a little every day.`,
        2000,
      ),
    },
    {
      name: clipText(expertise ? `${Title} Masterclass` : `Advanced ${Title}`, 60),
      promise: clipText(
        expertise
          ? `${capitalise(subject)} taught from your own experience: ${clipText(expertise, 120)}.`
          : `For ${domain.practitioner.many} ready for more: ${yours(goalC.label)}.`,
        200,
      ),
      audience: clipText(capitalise(`experienced ${domain.practitioner.many}`), 120),
      outcome: clipText(capitalise(yours(goalC.label)), 200),
      questions: questionsOf(reading, `What is the hardest part of ${subject} for you right now?`),
      phases: phasesOf(domain, ["intermediate", "advanced", "all"]),
      idea: clipText(
        `An advanced ${subject} plan that helps experienced ${domain.practitioner.many} ${theirs(goalC.label)}${expertise ? `, drawing on ${expertise}` : ""}.`,
        2000,
      ),
    },
  ];
  return ideas;
}
