/**
 * A new app's first content, written by the embedded AI default from the creator's typed idea: the
 * idea is read (platform/adapters/ai/embedded/idea.ts: its practice domain from the taxonomy, or
 * its own nouns; who it is for; what they want; how long) and every piece speaks that practice's
 * words. Its name, theme colours, a landing page (status 'pending' until published), an onboarding
 * flow (goal, level, days a week, the practice's own questions, target date) and a blueprint
 * (the practice's phases and vocabulary, which the plan generator reads). Pure and deterministic:
 * the same idea always gives the same app; a yoga idea never gets running copy.
 */
import {
  DEFAULT_THEME,
  type Blueprint,
  type LandingPage,
  type NewAppContent,
  type OnboardingFlow,
  type Question,
  type Theme,
} from "~/db/app-content";
import { capitalise, clipText, titleCase } from "~/platform/format";
import { starterItems } from "./blueprint-content";
import { applyGuardrails, sensitiveSubjectOf } from "./sensitive";
import type { PracticeDomain } from "~/platform/adapters/ai/embedded/domain";
import { guidedDomain, type BuildGuide } from "~/platform/adapters/ai/embedded/guided";
import { NO_SUBJECT, readIdea, tidy, type IdeaReading } from "~/platform/adapters/ai/embedded/idea";

/** The idea, whitespace tidied. */
export const tidyIdea = tidy;

/** The idea's first sentence, capitalised, at most `max` characters. */
export function firstSentence(idea: string, max: number): string {
  const text = tidy(idea);
  const sentence = (text.match(/^.+?[.!?](?=\s|$)/)?.[0] ?? text).replace(/[.!?]+$/, "");
  return clipText(capitalise(sentence), max);
}

/** 'Yoga for Desk Workers', 'Guitar Coach', 'Knot Tying Coach'; 'My App' when the idea names nothing. */
export function appNameFromReading(reading: IdeaReading): string {
  if (reading.subject === NO_SUBJECT) return "My App";
  const subject = titleCase(reading.title);
  const named = reading.audience ? `${subject} for ${titleCase(reading.audience)}` : `${subject} Coach`;
  return named.length <= 60 ? named : clipText(`${subject} Coach`, 60);
}

export const appNameFromIdea = async (idea: string) => appNameFromReading(await readIdea(idea));

/** The promise in one line: 'Stretch daily and ease back pain, made for office workers.' */
function promise(reading: IdeaReading): string {
  const { outcome, audience, subject } = reading;
  if (outcome) return `${capitalise(outcome)}${audience ? `, with a plan made for ${audience}` : ""}.`;
  if (audience) return `A ${subject} plan made for ${audience}.`;
  return `${firstSentence(reading.idea, 220)}.`;
}

function landingPage(reading: IdeaReading, name: string, weeks: number): LandingPage {
  const { domain, subject } = reading;
  const session = domain.session;
  return {
    status: "pending",
    hero: {
      title: clipText(name, 100),
      subtitle: clipText(
        `${promise(reading)} A personalized ${subject} plan built around your goal, your level and your week.`,
        300,
      ),
      imageUrl: null,
      ctaLabel: "Get my plan",
    },
    benefits: [
      {
        title: "Made for you",
        description: clipText(
          `Tell us your goal and where you are with ${subject}; your plan starts at your level.`,
          400,
        ),
      },
      {
        title: "Fits your week",
        description: clipText(
          `Pick the days you have. Every ${session.one} lands on one of them, never the other way round.`,
          400,
        ),
      },
      {
        title: "Milestones you can see",
        description: clipText(
          `From "${domain.milestones[0]}" to "${domain.milestones.at(-1)}", one step at a time.`,
          400,
        ),
      },
    ],
    howItWorks: [
      {
        title: "Answer a few questions",
        description: "Your goal, your level, your week and your target date. Two minutes.",
      },
      {
        title: "Get your plan",
        description: clipText(`A phase-by-phase ${subject} plan over ${weeks} weeks, made for you in seconds.`, 400),
      },
      {
        title: "Follow it week by week",
        description: clipText(`Each week shows its ${session.many} and how far you have come.`, 400),
      },
    ],
    testimonials: [],
    faq: [
      {
        question: clipText(`Do I need experience with ${subject}?`, 200),
        answer: "No. Tell us your level and the first weeks of your plan start there.",
      },
      {
        question: clipText(`How many ${session.many} a week will I do?`, 200),
        answer: clipText(
          `As many as the days you pick, from one to seven. Each ${session.one} fits the time you have.`,
          1000,
        ),
      },
      {
        question: "Can I change my plan later?",
        answer: "Yes: answer the questions again at any time and ask for a fresh plan.",
      },
      ...(domain.cautions
        ? [
            {
              question: clipText(`What should I avoid when I start ${subject}?`, 200),
              answer: clipText(`${capitalise(domain.cautions)}.`, 1000),
            },
          ]
        : []),
    ],
    pricing: { title: "Choose your plan", subtitle: "Cancel any time." },
    callToAction: {
      title: clipText(`Start your ${subject} plan today`, 100),
      subtitle: "Answer a few questions and get a plan made for you.",
      buttonLabel: "Get started",
    },
  };
}

function domainQuestion(q: PracticeDomain["questions"][number]): Question {
  const base = { id: `q-${q.key}`, key: q.key, label: clipText(q.label, 200), required: false };
  if (q.type === "number") return { ...base, type: "number", min: q.min, max: q.max, unit: q.unit?.slice(0, 20) };
  if (q.type === "short_text") return { ...base, type: "short_text" };
  return {
    ...base,
    type: q.type,
    options: (q.options ?? [])
      .slice(0, 12)
      .map((o) => ({ value: o.value.slice(0, 60), label: clipText(o.label, 100) })),
  };
}

/**
 * "Which sounds most like you?": the domain's own levels (a guided app's milestones), a rating's
 * bands when the idea names one ('rated 1200-1600'), or new / now and then / every week. An idea
 * for people past beginner offers no beginner option.
 */
function levelOptions(reading: IdeaReading): { value: string; label: string }[] {
  const { domain, subject, rating, level } = reading;
  if (domain.levels && domain.levels.length >= 2) return domain.levels;
  if (rating?.max) {
    const mid = Math.round((rating.min + rating.max) / 200) * 100;
    return [
      { value: "intermediate", label: `Rated about ${rating.min}–${mid}` },
      { value: "advanced", label: `Rated about ${mid}–${rating.max}` },
    ];
  }
  const all = [
    { value: "beginner", label: clipText(`I am new to ${subject}`, 100) },
    { value: "intermediate", label: clipText(`I ${domain.verb} now and then`, 100) },
    { value: "advanced", label: clipText(`I ${domain.verb} every week`, 100) },
  ];
  return level === "intermediate" || level === "advanced" ? all.slice(1) : all;
}

function onboardingFlow(reading: IdeaReading, weeks: number): OnboardingFlow {
  const { domain, subject } = reading;
  const verb = domain.verb;
  const own = domain.questions.slice(0, 3).map(domainQuestion);
  if (domain.extras.length > 0)
    own.push({
      id: "q-extras",
      key: "extras",
      type: "multiple_choice",
      label: "Add anything to your plan?",
      required: false,
      options: domain.extras.slice(0, 12).map((e) => ({ value: e.value.slice(0, 60), label: clipText(e.label, 100) })),
    });
  return {
    version: 2,
    pages: [
      {
        id: "goal",
        title: "What is your goal?",
        description: "We shape every week of your plan around it.",
        questions: [
          {
            id: "q-goal",
            key: "goal",
            type: "single_choice",
            label: "I want to…",
            required: true,
            options: domain.goals
              .slice(0, 6)
              .map((g) => ({ value: g.value.slice(0, 60), label: clipText(g.label, 100) })),
          },
        ],
      },
      {
        id: "level",
        title: "Where are you now?",
        questions: [
          {
            id: "q-level",
            key: "currentLevel",
            type: "single_choice",
            label: "Which sounds most like you?",
            required: true,
            options: levelOptions(reading),
          },
        ],
      },
      {
        id: "week",
        title: "Your week",
        questions: [
          {
            id: "q-days",
            key: "daysPerWeek",
            type: "slider",
            label: clipText(`Days a week you can ${verb}`, 200),
            min: 1,
            max: 7,
            step: 1,
            unit: "days",
            required: true,
          },
        ],
      },
      ...(own.length > 0 ? [{ id: "about", title: clipText(`About your ${subject}`, 120), questions: own }] : []),
      {
        id: "target",
        title: "Your target date",
        description: `No date in mind? Leave it empty and we plan ${weeks} weeks.`,
        questions: [
          {
            id: "q-date",
            key: "targetDate",
            type: "date",
            label: "When do you want to reach your goal?",
            required: false,
          },
        ],
      },
    ],
  };
}

/** The idea's length, else twelve weeks: long enough for every phase to last at least a week. */
const DEFAULT_WEEKS = 12;

function blueprint(reading: IdeaReading, name: string, weeks: number): Blueprint {
  const { domain, subject, audience } = reading;
  const phases = domain.phases.slice(0, 60).map((p) => ({
    title: clipText(p.title, 80),
    focus: clipText(p.focus, 300),
    sessions: p.sessions.slice(0, 7).map((s) => clipText(s, 120)),
    level: p.level,
  }));
  const goal = reading.outcome ? capitalise(reading.outcome) : (domain.goals[0]?.label ?? `Get better at ${subject}`);
  return {
    topic: clipText(capitalise(reading.generic ? subject : domain.name), 80),
    goal: clipText(goal, 200),
    planTitle: clipText(`Your ${name} Plan`, 120),
    description: clipText(
      `A step-by-step ${subject} plan${audience ? ` for ${audience}` : ""}: ${goal.replace(/^./, (c) => c.toLowerCase())}.`,
      600,
    ),
    targetLabel: clipText(domain.targetLabel, 40),
    audience: clipText(audience ?? `${domain.practitioner.many} of every level`, 200),
    outcomes: domain.goals.slice(0, 4).map((g) => clipText(g.label, 200)),
    items: starterItems(domain),
    defaultProgramLengthWeeks: weeks,
    // One phase a week at most, so a plan's timeline never shows the same week twice.
    expectedPhaseCount: Math.max(1, Math.min(phases.length, weeks)),
    phaseTemplates: phases,
    vocabulary: {
      session: { one: clipText(domain.session.one, 40), many: clipText(domain.session.many, 40) },
      fillers: {
        beginner: domain.fillers.beginner.slice(0, 4).map((s) => clipText(s, 120)),
        intermediate: domain.fillers.intermediate.slice(0, 4).map((s) => clipText(s, 120)),
        advanced: domain.fillers.advanced.slice(0, 4).map((s) => clipText(s, 120)),
      },
      extras: domain.extras.slice(0, 6).map((e) => ({
        value: e.value.slice(0, 60),
        label: clipText(e.label, 100),
        session: clipText(e.session, 120),
      })),
      goals: domain.goals
        .slice(0, 6)
        .map((g) => ({ value: g.value.slice(0, 60), aim: clipText(`Aim: ${g.label.replace(/\.$/, "")}.`, 200) })),
    },
  };
}

/** Theme colours suited to the practice (the domain's), on the product's light defaults. */
function theme(reading: IdeaReading): Theme {
  return { ...DEFAULT_THEME, primaryColor: reading.domain.colors.primary, accentColor: reading.domain.colors.accent };
}

/** A number in a goal or milestone that speaks of a rating: 'Reach a 1200 rating', 'A 1000 rating'. */
const ratingNumber = (text: string) => {
  const m = /\b(\d{3,4})\b.*\b(?:rating|elo)\b|\b(?:rating|elo)\b.*\b(\d{3,4})\b/i.exec(text);
  return m ? Number(m[1] ?? m[2]) : null;
};

/**
 * The domain at the level the idea names: people past beginner skip the beginner phases (a plan
 * starts where they are), and a rating drops the goals and milestones they have already passed and
 * aims at the top of their range.
 */
function atStatedLevel(reading: IdeaReading): IdeaReading {
  const { domain, level, rating } = reading;
  if (reading.generic || (!rating && level !== "intermediate" && level !== "advanced")) return reading;
  const past = (text: string) => {
    const n = ratingNumber(text);
    return rating !== null && n !== null && n <= rating.min;
  };
  // Past beginner, the first quarter of the basics is behind them (half, when advanced).
  const ahead = domain.phases.filter((p) => p.level !== "beginner");
  const basics = ahead.findIndex((p) => p.level !== "all");
  const skip = Math.min(basics < 0 ? ahead.length : basics, Math.floor(ahead.length / (level === "advanced" ? 2 : 4)));
  const phases = ahead.slice(skip);
  const goals = domain.goals.filter((g) => !past(g.label));
  const aim = rating?.max && ratingNumber(domain.goals.map((g) => g.label).join(" ")) !== null;
  return {
    ...reading,
    domain: {
      ...domain,
      phases: phases.length >= 3 ? phases : domain.phases,
      goals: aim
        ? [{ value: `rating-${rating!.max}`, label: `Reach a ${rating!.max} rating` }, ...goals].slice(0, 4)
        : goals,
      milestones: domain.milestones.filter((m) => !past(m)),
    },
  };
}

/**
 * Everything a new app starts with, from its idea and, when the creator answered the guided build's
 * questions (./guided), from their answers: the milestones become the plan's phases.
 */
export async function newAppFromIdea(idea: string, guide: BuildGuide | null = null): Promise<NewAppContent> {
  const read = await readIdea(idea);
  const reading = guide
    ? {
        ...read,
        domain: guidedDomain(read.subject === NO_SUBJECT ? "your practice" : read.subject, guide),
        generic: true,
        outcome: guide.outcome,
      }
    : atStatedLevel(read);
  const name = appNameFromReading(reading);
  const weeks = reading.weeks ?? DEFAULT_WEEKS;
  // A sensitive subject (an injury, pregnancy, mental health…) gets its guardrails (./sensitive.ts).
  return applyGuardrails(
    {
      name,
      theme: theme(reading),
      landingPage: landingPage(reading, name, weeks),
      onboardingFlow: onboardingFlow(reading, weeks),
      blueprint: blueprint(reading, name, weeks),
    },
    sensitiveSubjectOf(guide ? `${idea} ${guide.outcome} ${guide.milestones.join(" ")}` : idea),
  );
}

export const defaultLandingPage = async (idea: string) => (await newAppFromIdea(idea)).landingPage;
export const defaultOnboardingFlow = async (idea: string) => (await newAppFromIdea(idea)).onboardingFlow;
export const defaultBlueprint = async (idea: string) => (await newAppFromIdea(idea)).blueprint;
