/**
 * A new app's first content, written from the creator's typed idea: its name, a landing page
 * (status 'pending' until published), an onboarding flow (goal, level, days a week, target date,
 * like the demo) and a blueprint (half-marathon-style phases carrying the idea's topic). Pure: the
 * same idea always gives the same app. Every sentence is made from the idea, never placeholder text.
 */
import { DEFAULT_THEME, type Blueprint, type LandingPage, type OnboardingFlow, type Theme } from "~/db/app-content";

const STOP_WORDS = new Set(
  (
    "a an the and or but of for to in on at by with from into onto about as is are be been being it its this that these those " +
    "i me my we our you your they them their he she his her who whom which what where when how why " +
    "app apps application platform tool website site service thing something " +
    "want wants wanted would like build make create making building creating help helps helping lets let people users user " +
    "anyone everyone someone teach teaches teaching learn learns guide guides get gets can will should could do does " +
    "idea new simple small better best more most very really just also all any some each every " +
    "so than then there here up down out over under"
  ).split(" "),
);

/** The idea, whitespace tidied. */
export const tidyIdea = (idea: string) => idea.replace(/\s+/g, " ").trim();

/** The idea's topic words, in order, lowercased, without filler ('an app that helps...'). */
export function topicWords(idea: string, max = 3): string[] {
  const words = tidyIdea(idea)
    .toLowerCase()
    .split(/[^\p{L}\p{N}'-]+/u)
    .map((w) => w.replace(/^['-]+|['-]+$/g, ""))
    .filter((w) => w.length > 1 && !STOP_WORDS.has(w) && !/^\d+$/.test(w));
  const seen: string[] = [];
  for (const w of words) if (!seen.includes(w)) seen.push(w);
  return seen.slice(0, max);
}

const capitalise = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);
const titleCase = (words: string[]) => words.map(capitalise).join(" ");

function clip(s: string, max: number): string {
  if (s.length <= max) return s;
  const cut = s.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, "")}…`;
}

/** The topic phrase ('yoga for beginners' → 'yoga beginners'); 'your goal' when the idea has no usable words. */
export function ideaTopic(idea: string): string {
  const words = topicWords(idea, 3);
  return words.length > 0 ? words.join(" ") : "your goal";
}

/** The app's name: its topic words in title case plus 'Coach' ('Beginner Yoga Coach'); at most 60 characters. */
export function appNameFromIdea(idea: string): string {
  const words = topicWords(idea, 3);
  if (words.length === 0) return "My App";
  return clip(`${titleCase(words)} Coach`, 60);
}

/** The idea's first sentence, capitalised, at most `max` characters. */
export function firstSentence(idea: string, max: number): string {
  const tidy = tidyIdea(idea);
  const sentence = (tidy.match(/^.+?[.!?](?=\s|$)/)?.[0] ?? tidy).replace(/[.!?]+$/, "");
  return clip(capitalise(sentence), max);
}

export function defaultLandingPage(idea: string): LandingPage {
  const name = appNameFromIdea(idea);
  const topic = ideaTopic(idea);
  return {
    status: "pending",
    hero: {
      title: clip(name, 100),
      subtitle: clip(
        `${firstSentence(idea, 220)}. A personalized ${topic} plan built around your goal, your level and your week.`,
        300,
      ),
      imageUrl: null,
      ctaLabel: "Get my plan",
    },
    benefits: [
      {
        title: "Made for you",
        description: clip(`Tell us your goal and where you are with ${topic}; your plan starts at your level.`, 400),
      },
      {
        title: "Fits your week",
        description: "Pick the days you have. Every session lands on one of them, never the other way round.",
      },
      {
        title: "Step by step",
        description: clip(`Clear phases take you from your first week of ${topic} to your target date.`, 400),
      },
    ],
    howItWorks: [
      {
        title: "Answer a few questions",
        description: "Your goal, your level, your week and your target date. Two minutes.",
      },
      { title: "Get your plan", description: clip(`A phase-by-phase ${topic} plan, made for you in seconds.`, 400) },
      { title: "Follow it week by week", description: "Each week shows its sessions and how far you have come." },
    ],
    testimonials: [],
    faq: [
      {
        question: clip(`Do I need experience with ${topic}?`, 200),
        answer: "No. Tell us your level and the first weeks of your plan start there.",
      },
      {
        question: "Can I change my plan later?",
        answer: "Yes: answer the questions again at any time and ask for a fresh plan.",
      },
    ],
    pricing: { title: "Choose your plan", subtitle: "Cancel any time." },
    callToAction: {
      title: clip(`Start your ${topic} plan today`, 100),
      subtitle: "Answer a few questions and get a plan made for you.",
      buttonLabel: "Get started",
    },
  };
}

export function defaultOnboardingFlow(idea: string): OnboardingFlow {
  const topic = ideaTopic(idea);
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
            options: [
              { value: "start", label: clip(`Get started with ${topic}`, 100) },
              { value: "improve", label: "Get better at it" },
              { value: "master", label: "Reach my next big milestone" },
            ],
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
            options: [
              { value: "beginner", label: "I am just starting" },
              { value: "intermediate", label: "I practise now and then" },
              { value: "advanced", label: "I practise every week" },
            ],
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
            label: "Days a week you can practise",
            min: 1,
            max: 7,
            step: 1,
            unit: "days",
            required: true,
          },
        ],
      },
      {
        id: "target",
        title: "Your target date",
        description: "No date in mind? Leave it empty and we plan six weeks.",
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

/** Half-marathon-style phases, in training order, carrying the idea's topic. */
export function defaultBlueprint(idea: string): Blueprint {
  const name = appNameFromIdea(idea);
  const topic = ideaTopic(idea);
  const T = capitalise(topic);
  const p = (
    title: string,
    focus: string,
    sessions: string[],
    level: Blueprint["phaseTemplates"][number]["level"] = "all",
  ) => ({
    title: clip(title, 80),
    focus: clip(focus, 300),
    sessions: sessions.map((s) => clip(s, 120)),
    level,
  });
  return {
    topic: clip(T, 80),
    goal: firstSentence(idea, 200),
    planTitle: clip(`Your ${name} Plan`, 120),
    description: clip(
      `A step-by-step plan to get you where you want to be with ${topic}: ${firstSentence(idea, 300).replace(/^./, (c) => c.toLowerCase())}.`,
      600,
    ),
    targetLabel: "Goal Day",
    defaultProgramLengthWeeks: 6,
    expectedPhaseCount: 13,
    phaseTemplates: [
      p(
        `${T} foundations`,
        `Build the habit with short, easy ${topic} sessions.`,
        [`Easy 15 min of ${topic}`, "Rest or gentle mobility", `Easy 20 min of ${topic}`],
        "beginner",
      ),
      p("Easy base", "Relaxed, regular practice to build your base.", [
        `Easy 25 min of ${topic}`,
        `Easy 30 min of ${topic}`,
      ]),
      p("Technique and form", "Good habits now save setbacks later.", [
        "Form drills 10 min + easy 15 min",
        "Review one thing to improve",
      ]),
      p("First milestone", "A longer session at an easy effort: time on task.", [
        `Long easy ${topic} session, 45 min`,
        "Recovery 15 min",
      ]),
      p(
        "Strength",
        "The strength that keeps you consistent.",
        ["Strength circuit: 3 rounds", `Easy 20 min of ${topic}`],
        "intermediate",
      ),
      p("Intensity introduction", "Comfortably hard efforts, in short blocks.", [
        "Warm up, 2 × 8 min harder, cool down",
        `Easy 30 min of ${topic}`,
      ]),
      p("Volume build", "A little more each week, never too much at once.", [
        `Long session, 60 min`,
        `Easy 30 min of ${topic}`,
      ]),
      p("Goal-pace practice", "Practise exactly what your goal asks of you.", [
        "3 × 10 min at goal effort",
        "Easy 30 min",
      ]),
      p(
        "Advanced challenge",
        "Harder sessions that make goal effort feel easy.",
        ["6 × 3 min hard, 2 min easy", "Easy 30 min"],
        "advanced",
      ),
      p("Peak session", "Your biggest session: confidence for the day.", [
        `Longest ${topic} session of the plan`,
        "Recovery 20 min",
      ]),
      p("Sharpening", "Shorter, sharper, fresher.", ["20 min at goal effort", "Easy 25 min"]),
      p("Taper", "Less volume, same rhythm: arrive rested.", ["Easy 25 min", "4 × 3 min at goal effort", "Rest"]),
      p("Goal week", "Light sessions, sleep and a plan for the day.", [
        "Short easy session",
        "Rest",
        "Goal day: start steady, finish strong",
      ]),
      p("Mobility and recovery", "Mobility and rest keep you going week after week.", [
        "Mobility 15 min",
        "Easy 20 min",
      ]),
    ],
  };
}

export interface NewAppContent {
  name: string;
  theme: Theme;
  landingPage: LandingPage;
  onboardingFlow: OnboardingFlow;
  blueprint: Blueprint;
}

/** Everything a new app starts with, from its idea. */
export function newAppFromIdea(idea: string): NewAppContent {
  return {
    name: appNameFromIdea(idea),
    theme: DEFAULT_THEME,
    landingPage: defaultLandingPage(idea),
    onboardingFlow: defaultOnboardingFlow(idea),
    blueprint: defaultBlueprint(idea),
  };
}
