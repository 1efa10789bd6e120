/**
 * Sensitive subjects: apps about recovering from an injury or surgery, pregnancy, mental health,
 * medication, eating and weight, or money and debt. They are recognised from the idea's words (with
 * or without a model), and the app gets guardrails wherever it is written: a clearance question in
 * the onboarding (health subjects), "stop if it hurts" / "see a professional" copy and a safety FAQ on
 * the landing page, and no escalation (no peak sessions, stretch goals, HIIT or sprints) in its plan.
 * Pure: used by the embedded default, checked on a model's answer, and by the landing editor.
 */
import type { LandingPage, NewAppContent, OnboardingFlow } from "~/db/app-content";

export type SensitiveSubject =
  "injury-recovery" | "pregnancy" | "mental-health" | "medication" | "eating-weight" | "money-debt";

/** Words that mark each subject, matched as whole words or word starts in the lowercased idea. */
const MARKERS: [SensitiveSubject, RegExp][] = [
  [
    "injury-recovery",
    /\b(surger(y|ies)|post[- ]?op(erative)?|rehab(ilitation)?|physio(therap(y|ist))?|injur(y|ies|ed)|acl|meniscus|knee replacement|hip replacement|fracture|sprain|torn|tendon|tendinitis|back pain|chronic pain)\b/,
  ],
  [
    "pregnancy",
    /\b(pregnan(t|cy)|prenatal|antenatal|postnatal|postpartum|post-partum|trimester|expecting mothers?|new mums?|new moms?)\b/,
  ],
  [
    "mental-health",
    /\b(mental health|anxiety|anxious|depress(ion|ed)|panic|trauma|ptsd|ocd|burnout|grief|self[- ]harm|suicid\w*|bipolar|adhd)\b/,
  ],
  ["medication", /\b(medication|medicine|insulin|dosage|prescription|pills|antidepressants?|diabetes)\b/],
  [
    "eating-weight",
    /\b(weight loss|lose weight|losing weight|weight management|dieting|calorie counting|eating disorders?|binge eating|anorexi\w*|bulimi\w*|intermittent fasting|obesity)\b/,
  ],
  ["money-debt", /\b(debts?|loans?|credit cards?|bankrupt\w*|overdrafts?|money worries|personal finance)\b/],
];

/** The sensitive subject an idea is about, or null. The first marker found wins (health before money). */
export function sensitiveSubjectOf(idea: string): SensitiveSubject | null {
  const text = idea.toLowerCase();
  return MARKERS.find(([, words]) => words.test(text))?.[0] ?? null;
}

const isHealth = (subject: SensitiveSubject) => subject !== "money-debt";

/** Who to see, in each subject's words. */
const PROFESSIONAL: Record<SensitiveSubject, string> = {
  "injury-recovery": "your doctor or physiotherapist",
  pregnancy: "your midwife or doctor",
  "mental-health": "your doctor or a mental health professional",
  medication: "your doctor or pharmacist",
  "eating-weight": "your doctor or a registered dietitian",
  "money-debt": "a free debt adviser or a regulated financial adviser",
};

/** The landing page's safety line: stop if it hurts (health), see a professional. */
export function safetyLine(subject: SensitiveSubject): string {
  const who = PROFESSIONAL[subject];
  return isHealth(subject)
    ? `This plan does not replace medical advice: check with ${who} before you start, and stop if anything hurts or feels wrong.`
    : `This plan is general guidance, not financial advice: for your own situation, talk to ${who}.`;
}

/** The safety FAQ entry. */
export function safetyFaq(subject: SensitiveSubject): { question: string; answer: string } {
  const who = PROFESSIONAL[subject];
  return isHealth(subject)
    ? {
        question: "Is this safe for me?",
        answer:
          `Everyone's situation is different. Check with ${who} before you start and follow their advice over this plan. ` +
          "Stop if anything hurts, feels wrong or makes you feel worse, and get help. In an emergency, call your local emergency number.",
      }
    : {
        question: "Is this financial advice?",
        answer: `No. It is general guidance to help you build habits. For advice on your own situation, talk to ${who}.`,
      };
}

/** The clearance question a health app asks first (the plan generator reads nothing of its answer). */
export function clearancePage(subject: SensitiveSubject): OnboardingFlow["pages"][number] {
  const who = PROFESSIONAL[subject];
  return {
    id: "clearance",
    title: "Before you start",
    description: `Stop if anything hurts, and check with ${who} whenever you are unsure.`,
    questions: [
      {
        id: "q-clearance",
        key: "clearance",
        type: "single_choice",
        label: `Has ${who} said this kind of programme is right for you?`,
        required: true,
        options: [
          { value: "cleared", label: "Yes, I have been cleared" },
          { value: "not-yet", label: "Not yet: I will check before I start" },
        ],
      },
    ],
  };
}

/** Escalation a sensitive plan never asks for: peaks, stretch goals, personal bests, HIIT, sprints, max efforts. */
export const ESCALATION =
  /\b(peak|stretch goals?|personal bests?|pbs?|hiit|sprints?|max(imal|imum)? (effort|reps?|weight|heart rate)|all[- ]out|to failure|push through( the)? pain|no pain no gain|race pace|intervals?)\b/i;

/** The instructions a model gets for a sensitive subject (the answer is then checked with applyGuardrails). */
export function guardrailInstructions(subject: SensitiveSubject): string {
  return (
    `This app is about a sensitive subject (${subject.replace("-", " ")}). ` +
    (isHealth(subject)
      ? "Ask a clearance question first, keep every session gentle and gradual with no peak sessions, stretch goals, HIIT, sprints or max efforts, "
      : "") +
    `add a FAQ entry on safety, and say to check with ${PROFESSIONAL[subject]}.`
  );
}

/** A landing page with the safety line under the hero and among the benefits, and the safety FAQ second (once). */
export function withSafetyCopy(page: LandingPage, subject: SensitiveSubject): LandingPage {
  const line = safetyLine(subject);
  const faq = safetyFaq(subject);
  const subtitle = page.hero.subtitle.includes(line) ? page.hero.subtitle : `${page.hero.subtitle} ${line}`;
  return {
    ...page,
    hero: { ...page.hero, subtitle: subtitle.length <= 300 ? subtitle : page.hero.subtitle },
    benefits: page.benefits.some((b) => b.description.includes(line))
      ? page.benefits
      : [...page.benefits, { title: "Safety first", description: line }].slice(0, 8),
    // Second, after the page's first question: near the top, where a reader looks first.
    faq: page.faq.some((f) => f.question === faq.question)
      ? page.faq
      : [...page.faq.slice(0, 1), faq, ...page.faq.slice(1)].slice(0, 12),
  };
}

/**
 * The guardrails on a new app's content, whoever wrote it: safety copy, a clearance page (health),
 * and no escalating sessions in the plan's phases, fillers or extras.
 */
export function applyGuardrails(content: NewAppContent, subject: SensitiveSubject | null): NewAppContent {
  if (!subject) return content;
  const calm = (sessions: string[]) => sessions.filter((s) => !ESCALATION.test(s));
  const bp = content.blueprint;
  const phaseTemplates = isHealth(subject)
    ? (bp.phaseTemplates ?? [])
        .filter((p) => !ESCALATION.test(p.title))
        .map((p) => ({ ...p, sessions: calm(p.sessions).length > 0 ? calm(p.sessions) : p.sessions.slice(0, 1) }))
        .map((p) => ({ ...p, sessions: p.sessions.filter((s) => !ESCALATION.test(s)) }))
        .filter((p) => p.sessions.length > 0)
    : bp.phaseTemplates;
  const vocabulary =
    bp.vocabulary && isHealth(subject)
      ? {
          ...bp.vocabulary,
          fillers: bp.vocabulary.fillers && {
            beginner: calm(bp.vocabulary.fillers.beginner),
            intermediate: calm(bp.vocabulary.fillers.intermediate),
            advanced: calm(bp.vocabulary.fillers.advanced),
          },
          extras: bp.vocabulary.extras?.filter((e) => !ESCALATION.test(`${e.label} ${e.session}`)),
        }
      : bp.vocabulary;
  const pages = content.onboardingFlow.pages;
  const onboardingFlow =
    isHealth(subject) && !pages.some((p) => p.id === "clearance")
      ? { ...content.onboardingFlow, pages: [clearancePage(subject), ...pages] }
      : content.onboardingFlow;
  return {
    ...content,
    landingPage: withSafetyCopy(content.landingPage, subject),
    onboardingFlow,
    blueprint: {
      ...bp,
      ...(phaseTemplates && phaseTemplates.length > 0
        ? {
            phaseTemplates,
            expectedPhaseCount: Math.min(bp.expectedPhaseCount ?? phaseTemplates.length, phaseTemplates.length),
          }
        : {}),
      ...(vocabulary ? { vocabulary } : {}),
    },
  };
}

/**
 * A safety FAQ entry in the creator's own words ("checking with my physiotherapist before starting"):
 * the landing editor may always add one, whatever the blueprint covers.
 */
export function safetyFaqFromTopic(topic: string): { question: string; answer: string } {
  const named =
    /\b(physiotherapist|physio|doctor|gp|midwife|therapist|dietitian|pharmacist|adviser|advisor|coach)\b/i.exec(
      topic,
    )?.[1];
  const role = named ? (named.toLowerCase() === "gp" ? "GP" : named.toLowerCase()) : null;
  const who = role ? `your ${role}` : "a professional";
  return {
    question: `Should I check with ${role ? `my ${role}` : "a professional"} before starting?`,
    answer:
      `Yes. Check with ${who} before you start, and follow their advice over this plan. ` +
      "Stop if anything hurts or feels wrong, and ask them before you carry on.",
  };
}

/** Whether a landing edit's FAQ topic asks for safety copy (always allowed, whatever the blueprint says). */
export const isSafetyTopic = (topic: string) =>
  /\b(safe|safety|doctor|gp|physio\w*|midwife|therapist|professional|medical|clearance|cleared|injur\w*|hurt\w*|pain|emergenc\w*|adviser|advisor|check(ing)? with)\b/i.test(
    topic,
  );
