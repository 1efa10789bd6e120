/**
 * Landing-page edits by instruction (spec 7 edit-landing-page; issue 20), the embedded default: a
 * parser that reads a documented set of instructions into an edit, and a transformer that makes it
 * on the LandingPage object from the app's own words (its blueprint's outcomes, phases and items).
 * Pure: the service, the builder page and the unit tests share it. A configured model takes
 * free-form instructions instead (./edits.server.ts), with this as its fallback.
 *
 * Understood:
 * - shorten / lengthen a section ("shorten the benefits", "make the hero longer");
 * - change the tone to friendly, professional, energetic or calm ("make it calm", "professional tone");
 * - add, remove or move a section ("add a how it works section", "remove the testimonials",
 *   "move the FAQ before the benefits", "move pricing to the top");
 * - add an FAQ entry on a topic of the blueprint ("add an FAQ about hill repeats");
 * - rewrite the call to action ("rewrite the call to action", "new CTA").
 */
import { isSafetyTopic, safetyFaqFromTopic } from "~/features/apps/sensitive";
import { cardText, type Blueprint, type LandingPage } from "~/db/app-content";

export const SECTIONS = ["hero", "benefits", "howItWorks", "testimonials", "pricing", "faq", "callToAction"] as const;
export type LandingSection = (typeof SECTIONS)[number];
/** The sections between the hero and the closing call to action, which may be moved. */
export const MOVABLE = ["benefits", "howItWorks", "testimonials", "pricing", "faq"] as const;
export type MovableSection = (typeof MOVABLE)[number];
export const DEFAULT_ORDER: MovableSection[] = [...MOVABLE];

export const TONES = ["friendly", "professional", "energetic", "calm"] as const;
export type Tone = (typeof TONES)[number];

export const SECTION_NAMES: Record<LandingSection, string> = {
  hero: "hero",
  benefits: "benefits",
  howItWorks: "how it works",
  testimonials: "testimonials",
  pricing: "pricing",
  faq: "FAQ",
  callToAction: "call to action",
};

export type LandingEdit =
  | { kind: "shorten" | "lengthen"; section: LandingSection }
  | { kind: "tone"; tone: Tone }
  | { kind: "add-section" | "remove-section"; section: LandingSection }
  | { kind: "move"; section: MovableSection; to: "before" | "after" | "top" | "bottom"; other?: MovableSection }
  | { kind: "faq"; topic: string }
  | { kind: "rewrite-cta" };

export const UNDERSTOOD =
  "The built-in editor understands: shorten or lengthen a section (“shorten the benefits”); change the tone to " +
  `${TONES.slice(0, -1).join(", ")} or ${TONES.at(-1)} (“make it calm”); add, remove or move a section (“remove the ` +
  "testimonials”, “move the FAQ before the benefits”); add an FAQ about a topic from your blueprint (“add an FAQ " +
  "about hill repeats”); rewrite the call to action. Sections: hero, benefits, how it works, testimonials, pricing, " +
  "FAQ, call to action.";

export const editMessages = {
  notUnderstood: (instruction: string) =>
    `“${instruction.slice(0, 80)}” is not an instruction the built-in editor knows. ${UNDERSTOOD}`,
  noSection: (verb: string) =>
    `Say which section to ${verb}: hero, benefits, how it works, testimonials, FAQ or call to action.`,
  cannotRemove: (section: LandingSection) =>
    `The ${SECTION_NAMES[section]} cannot be removed: every landing page has one. Shorten it instead.`,
  cannotMove: (section: LandingSection) =>
    `The ${SECTION_NAMES[section]} stays where it is; benefits, how it works, testimonials, pricing and FAQ can move.`,
  noTestimonials: "Testimonials must be your users’ own words: add them in the editor.",
  alreadyThere: (section: LandingSection) => `The page already has a ${SECTION_NAMES[section]} section.`,
  nothingToRemove: (section: LandingSection) => `The page has no ${SECTION_NAMES[section]} to remove.`,
  noBlueprint: "This needs the app’s blueprint, and the app has none yet.",
  topicUnknown: (topic: string, known: string[]) =>
    `The blueprint says nothing about “${topic.slice(0, 60)}”.` +
    (known.length ? ` Try one of its topics: ${known.slice(0, 5).join(", ")}.` : ""),
  faqFull: "The FAQ holds 12 questions: remove one first.",
  unchanged: "That instruction would not change the page.",
} as const;

export class EditRefused extends Error {}

const SECTION_WORDS: [RegExp, LandingSection][] = [
  [/\b(hero|header|headline|top banner)\b/, "hero"],
  [/\b(benefits?|why)\b/, "benefits"],
  [/\b(how it works|how-it-works|howitworks|steps)\b/, "howItWorks"],
  [/\b(testimonials?|quotes|reviews)\b/, "testimonials"],
  [/\b(pricing|prices|plans)\b/, "pricing"],
  [/\b(faq|faqs|questions)\b/, "faq"],
  [/\b(call to action|call-to-action|cta|closing)\b/, "callToAction"],
];

function sectionIn(text: string): LandingSection | null {
  let best: { at: number; section: LandingSection } | null = null;
  for (const [pattern, section] of SECTION_WORDS) {
    const at = text.search(pattern);
    if (at >= 0 && (!best || at < best.at)) best = { at, section };
  }
  return best?.section ?? null;
}

/** A section name as the creator or the API names it ('howItWorks', 'how it works', 'FAQ'). */
export function sectionOf(name: string | null | undefined): LandingSection | null {
  if (!name) return null;
  const exact = SECTIONS.find((s) => s.toLowerCase() === name.trim().toLowerCase());
  return exact ?? sectionIn(name.toLowerCase());
}

const isMovable = (s: LandingSection): s is MovableSection => (MOVABLE as readonly string[]).includes(s);

/**
 * Reads an instruction into an edit; `section` (the API's optional field, the page's section
 * picker) names the section when the words do not. Throws EditRefused with a plain message.
 */
export function parseInstruction(instruction: string, section?: string | null): LandingEdit {
  const text = instruction.toLowerCase().replace(/[’']/g, "'").replace(/\s+/g, " ").trim();
  const named = sectionIn(text) ?? sectionOf(section);

  const faq = /\b(?:add|write)\b.*?\b(?:faq|question)s?\b.*?\b(?:about|on|for|regarding)\b\s+(.+)$/.exec(text);
  if (faq) return { kind: "faq", topic: faq[1]!.replace(/[.?!"“”]+$/g, "").trim() };

  if (/\b(rewrite|redo|new|another|better|improve|change)\b.*\b(call to action|call-to-action|cta)\b/.test(text))
    return { kind: "rewrite-cta" };

  const tone = TONES.find((t) => new RegExp(`\\b${t}\\b`).test(text));
  if (tone && /\b(tone|make|sound|more|be|rewrite|change)\b/.test(text)) return { kind: "tone", tone };

  const move = /\bmove\b/.exec(text);
  if (move) {
    if (!named) throw new EditRefused(editMessages.noSection("move"));
    if (!isMovable(named)) throw new EditRefused(editMessages.cannotMove(named));
    const where = /\b(before|above|after|below|to the top|to the bottom|up|down|first|last)\b(.*)$/.exec(text);
    if (!where) throw new EditRefused(editMessages.notUnderstood(instruction));
    const rest = sectionIn(where[2] ?? "");
    const word = where[1]!;
    if ((word === "before" || word === "above" || word === "after" || word === "below") && rest) {
      if (!isMovable(rest)) throw new EditRefused(editMessages.cannotMove(rest));
      return {
        kind: "move",
        section: named,
        to: word === "before" || word === "above" ? "before" : "after",
        other: rest,
      };
    }
    if (/top|up|first/.test(word)) return { kind: "move", section: named, to: "top" };
    if (/bottom|down|last/.test(word)) return { kind: "move", section: named, to: "bottom" };
    throw new EditRefused(editMessages.notUnderstood(instruction));
  }

  if (/\b(remove|delete|drop|hide|take out|get rid of)\b/.test(text)) {
    if (!named) throw new EditRefused(editMessages.noSection("remove"));
    return { kind: "remove-section", section: named };
  }
  if (/\b(shorten|shorter|trim|tighten|condense|less text|more concise|cut)\b/.test(text)) {
    if (!named) throw new EditRefused(editMessages.noSection("shorten"));
    return { kind: "shorten", section: named };
  }
  if (/\b(lengthen|longer|expand|more detail|elaborate|extend)\b/.test(text)) {
    if (!named) throw new EditRefused(editMessages.noSection("lengthen"));
    return { kind: "lengthen", section: named };
  }
  if (/\b(add|include|show)\b/.test(text) && named) return { kind: "add-section", section: named };
  throw new EditRefused(editMessages.notUnderstood(instruction));
}

// ---------------------------------------------------------------- the transformer

export interface EditContext {
  appName: string;
  blueprint: Blueprint | null;
}

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);
const sentences = (text: string) =>
  text
    .match(/[^.!?]+[.!?]*/g)
    ?.map((s) => s.trim())
    .filter(Boolean) ?? [];
const firstSentenceOf = (text: string) => sentences(text)[0] ?? text;
const lowerFirst = (s: string) => (/^[A-Z][a-z]/.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s);
const endStop = (s: string) => (/[.!?…]$/.test(s) ? s : `${s}.`);
const plain = (markdown: string) =>
  markdown
    .replace(/[#>*_`[\]]/g, "")
    .replace(/\(https?:[^)]*\)/g, "")
    .replace(/\s+/g, " ")
    .trim();

/** The order the page shows its middle sections in. */
export const orderOf = (page: LandingPage): MovableSection[] => {
  const given = (page.sectionOrder ?? []).filter((s): s is MovableSection => isMovable(s));
  return [...new Set([...given, ...DEFAULT_ORDER])];
};

/** Past this many words a one-sentence text is cut at a clause; at or under it, it is short already. */
const SHORT_WORDS = 10;

/**
 * A shorter text: its first sentence; a single long sentence cut at its first clause break past a
 * third of the way ("Tell us which days you can run and the plan fits them, never…" → "Tell us which
 * days you can run and the plan fits them."). Short texts stay as they are, so shortening twice ends.
 */
export function shorterText(text: string): string {
  const first = firstSentenceOf(text);
  if (first.length < text.trim().length) return first;
  if (first.split(/\s+/).length <= SHORT_WORDS) return first;
  const body = first.replace(/[.!?…]+$/, "");
  const cut = [...body.matchAll(/,|;|:| — | – | - /g)].find((m) => m.index >= body.length / 3);
  if (!cut) return first;
  // After a colon comes the point ("Brand new or racing again: your first week starts at your level").
  if (cut[0] === ":") {
    const after = body.slice(cut.index + 1).trim();
    return endStop(after.charAt(0).toUpperCase() + after.slice(1));
  }
  return endStop(body.slice(0, cut.index).trim());
}

function shorten(page: LandingPage, section: LandingSection): LandingPage {
  const short = shorterText;
  const titled = (items: LandingPage["benefits"]) =>
    items.slice(0, 3).map((b) => ({ ...b, description: short(b.description) }));
  switch (section) {
    case "hero":
      return { ...page, hero: { ...page.hero, subtitle: short(page.hero.subtitle) } };
    case "benefits":
      return { ...page, benefits: titled(page.benefits) };
    case "howItWorks":
      return { ...page, howItWorks: titled(page.howItWorks) };
    case "testimonials":
      return { ...page, testimonials: page.testimonials.slice(0, 2) };
    case "faq":
      return { ...page, faq: page.faq.slice(0, 4).map((f) => ({ ...f, answer: short(f.answer) })) };
    case "pricing":
      return { ...page, pricing: { ...page.pricing, subtitle: short(page.pricing.subtitle) } };
    case "callToAction":
      return { ...page, callToAction: { ...page.callToAction, subtitle: short(page.callToAction.subtitle) } };
  }
}

const phaseSteps = (bp: Blueprint) =>
  bp.phaseTemplates.map((p) => ({ title: clip(p.title, 80), description: clip(p.focus, 400) }));
const outcomeBenefits = (bp: Blueprint) =>
  (bp.outcomes ?? []).map((o) => ({
    title: clip(firstSentenceOf(o).replace(/[.!?]$/, ""), 80),
    description: clip(endStop(o), 400),
  }));

/** Items of `more` whose titles the list does not have yet, up to `max` in all. */
function extend<T extends { title: string }>(list: T[], more: T[], max: number, add: number): T[] {
  const have = new Set(list.map((i) => i.title.toLowerCase()));
  return [...list, ...more.filter((m) => !have.has(m.title.toLowerCase())).slice(0, add)].slice(0, max);
}

function lengthen(page: LandingPage, section: LandingSection, ctx: EditContext): LandingPage {
  const bp = ctx.blueprint;
  const addSentence = (text: string, extra: string | undefined, max: number) =>
    extra && !text.includes(extra) ? clip(`${endStop(text)} ${endStop(extra)}`.trim(), max) : text;
  switch (section) {
    case "hero":
      return {
        ...page,
        hero: { ...page.hero, subtitle: addSentence(page.hero.subtitle, bp?.description ?? bp?.goal, 300) },
      };
    case "benefits": {
      if (!bp) throw new EditRefused(editMessages.noBlueprint);
      const more = extend(page.benefits, outcomeBenefits(bp), 8, 2);
      const withGoal =
        more.length > page.benefits.length
          ? more
          : page.benefits.map((b, i) =>
              i === 0 ? { ...b, description: addSentence(b.description, bp.goal, 400) } : b,
            );
      return { ...page, benefits: withGoal };
    }
    case "howItWorks": {
      if (!bp) throw new EditRefused(editMessages.noBlueprint);
      return { ...page, howItWorks: extend(page.howItWorks, phaseSteps(bp), 8, 2) };
    }
    case "faq": {
      if (!bp) throw new EditRefused(editMessages.noBlueprint);
      const topics = topicsOf(bp).filter((t) => !page.faq.some((f) => f.question.includes(t.title)));
      const added = topics.slice(0, 2).map((t) => faqEntry(ctx, t));
      return { ...page, faq: [...page.faq, ...added].slice(0, 12) };
    }
    case "pricing":
      return {
        ...page,
        pricing: { ...page.pricing, subtitle: addSentence(page.pricing.subtitle, "Cancel any time", 300) },
      };
    case "callToAction":
      return {
        ...page,
        callToAction: { ...page.callToAction, subtitle: addSentence(page.callToAction.subtitle, bp?.goal, 300) },
      };
    case "testimonials":
      throw new EditRefused(editMessages.noTestimonials);
  }
}

interface Topic {
  title: string;
  answer: string;
}

/** What the blueprint can answer questions about: its items and its phases, each with its own words. */
export function topicsOf(bp: Blueprint): Topic[] {
  const items = (bp.items ?? []).map((item): Topic => {
    if (item.kind === "story") return { title: item.title, answer: sentences(plain(item.body)).slice(0, 2).join(" ") };
    if (item.kind === "quiz")
      return {
        title: item.title,
        answer: `The quiz asks: ${item.questions
          .slice(0, 2)
          .map((q) => q.question)
          .join(" ")}`,
      };
    return {
      title: item.title,
      answer: item.cards
        .slice(0, 2)
        .map((c) => endStop(plain(cardText(c))))
        .join(" "),
    };
  });
  const phases = bp.phaseTemplates.map((p): Topic => ({
    title: p.title,
    answer: `${endStop(p.focus)} Sessions include: ${p.sessions.slice(0, 3).join("; ")}.`,
  }));
  return [...items, ...phases];
}

const words = (s: string) =>
  s
    .toLowerCase()
    .match(/[a-z0-9]+/g)
    ?.filter((w) => w.length > 2 && !STOP.has(w)) ?? [];
const STOP = new Set([
  "the",
  "and",
  "for",
  "with",
  "about",
  "how",
  "what",
  "your",
  "you",
  "our",
  "why",
  "does",
  "from",
]);

/** The blueprint topic that best matches the words, or null. */
export function matchTopic(bp: Blueprint, topic: string): Topic | null {
  const wanted = words(topic);
  let best: { score: number; topic: Topic } | null = null;
  for (const t of topicsOf(bp)) {
    const have = new Set(words(t.title));
    const score = wanted.filter((w) => have.has(w) || [...have].some((h) => h.startsWith(w) || w.startsWith(h))).length;
    if (score > 0 && (!best || score > best.score)) best = { score, topic: t };
  }
  return best?.topic ?? null;
}

function faqEntry(ctx: EditContext, topic: Topic) {
  return {
    question: clip(`How does ${ctx.appName} cover “${topic.title}”?`, 200),
    answer: clip(topic.answer || `${topic.title} is part of ${ctx.appName}.`, 1000),
  };
}

const TONE_WORDS: Record<
  Tone,
  { cta: string; title: (name: string) => string; subtitle: (goal: string) => string; button: string }
> = {
  friendly: {
    cta: "Let's get started",
    title: (name) => `Come join us at ${name}`,
    subtitle: (goal) => `We'd love to help you ${goal}. Your plan's waiting for you.`,
    button: "Join us",
  },
  professional: {
    cta: "Get your plan",
    title: (name) => `Start with ${name} today`,
    subtitle: (goal) => `A structured, personalized programme to help you ${goal}.`,
    button: "Get started",
  },
  energetic: {
    cta: "Let's go!",
    title: (name) => `Ready? ${name} starts now!`,
    subtitle: (goal) => `Time to ${goal}! Your plan is ready when you are!`,
    button: "Start now!",
  },
  calm: {
    cta: "Begin gently",
    title: (name) => `Begin ${name} at your own pace`,
    subtitle: (goal) => `Take one small step at a time, and ${goal} without rushing.`,
    button: "Begin",
  },
};

const CONTRACT: [RegExp, string][] = [
  [/\byou will\b/g, "you'll"],
  [/\bdo not\b/g, "don't"],
  [/\bit is\b/g, "it's"],
  [/\byou are\b/g, "you're"],
  [/\bwe are\b/g, "we're"],
  [/\bcannot\b/g, "can't"],
];
const EXPAND: [RegExp, string][] = CONTRACT.map(([re, short]) => [
  new RegExp(`\\b${short.replace("'", "[’']")}`, "gi"),
  re.source.replace(/\\b/g, ""),
]);

/** A sentence in the tone: contractions for friendly, none for professional, ! for energetic, none for calm. */
function toneText(text: string, tone: Tone): string {
  let out = text;
  if (tone === "friendly") for (const [re, short] of CONTRACT) out = out.replace(re, short);
  if (tone === "professional" || tone === "calm") {
    for (const [re, long] of EXPAND) out = out.replace(re, long);
    out = out.replace(/!+/g, ".");
  }
  if (tone === "energetic") out = out.replace(/\.(\s|$)/, "!$1");
  return out;
}

function goalOf(ctx: EditContext): string {
  return lowerFirst((ctx.blueprint?.goal ?? "reach your goal").replace(/[.!?]+$/, ""));
}

function tone(page: LandingPage, t: Tone, ctx: EditContext): LandingPage {
  const words = TONE_WORDS[t];
  const titled = (items: LandingPage["benefits"]) =>
    items.map((b) => ({ ...b, description: toneText(b.description, t) }));
  return {
    ...page,
    hero: { ...page.hero, subtitle: clip(toneText(page.hero.subtitle, t), 300), ctaLabel: words.cta },
    benefits: titled(page.benefits),
    howItWorks: titled(page.howItWorks),
    faq: page.faq.map((f) => ({ ...f, answer: clip(toneText(f.answer, t), 1000) })),
    pricing: { ...page.pricing, subtitle: clip(toneText(page.pricing.subtitle, t), 300) },
    callToAction: {
      title: clip(words.title(ctx.appName), 100),
      subtitle: clip(words.subtitle(goalOf(ctx)), 300),
      buttonLabel: words.button,
    },
  };
}

const CTA_VARIANTS = [
  (name: string, goal: string, target: string) => ({
    title: `Your ${target} starts with one step`,
    subtitle: `Answer a few questions and ${name} builds the plan that helps you ${goal}.`,
    buttonLabel: "Build my plan",
  }),
  (name: string, goal: string) => ({
    title: `Ready to ${goal}?`,
    subtitle: `${name} turns your goal, your level and your week into a plan you can follow.`,
    buttonLabel: "Get my plan",
  }),
  (name: string, goal: string) => ({
    title: `Start ${name} today`,
    subtitle: `Two minutes of questions, then a week-by-week plan to ${goal}.`,
    buttonLabel: "Start now",
  }),
];

function rewriteCta(page: LandingPage, ctx: EditContext): LandingPage {
  const target = (ctx.blueprint?.targetLabel ?? "goal").toLowerCase();
  const options = CTA_VARIANTS.map((v) => v(ctx.appName, goalOf(ctx), target));
  const next = options.find((o) => o.title !== page.callToAction.title) ?? options[0]!;
  return {
    ...page,
    callToAction: { title: clip(next.title, 100), subtitle: clip(next.subtitle, 300), buttonLabel: next.buttonLabel },
  };
}

function move(page: LandingPage, edit: Extract<LandingEdit, { kind: "move" }>): LandingPage {
  const order = orderOf(page).filter((s) => s !== edit.section);
  if (edit.to === "top") order.unshift(edit.section);
  else if (edit.to === "bottom") order.push(edit.section);
  else {
    const at = order.indexOf(edit.other!);
    order.splice(edit.to === "before" ? at : at + 1, 0, edit.section);
  }
  return { ...page, sectionOrder: order };
}

function removeSection(page: LandingPage, section: LandingSection): LandingPage {
  if (section === "hero" || section === "pricing" || section === "callToAction")
    throw new EditRefused(editMessages.cannotRemove(section));
  if (page[section].length === 0) throw new EditRefused(editMessages.nothingToRemove(section));
  return { ...page, [section]: [] };
}

function addSection(page: LandingPage, section: LandingSection, ctx: EditContext): LandingPage {
  if (section === "testimonials") throw new EditRefused(editMessages.noTestimonials);
  if (section === "hero" || section === "pricing" || section === "callToAction" || page[section].length > 0)
    throw new EditRefused(editMessages.alreadyThere(section));
  const bp = ctx.blueprint;
  if (!bp) throw new EditRefused(editMessages.noBlueprint);
  if (section === "benefits") {
    const benefits = outcomeBenefits(bp).slice(0, 3);
    return {
      ...page,
      benefits: benefits.length ? benefits : [{ title: clip(bp.goal, 80), description: clip(bp.description, 400) }],
    };
  }
  if (section === "howItWorks") return { ...page, howItWorks: phaseSteps(bp).slice(0, 3) };
  return {
    ...page,
    faq: topicsOf(bp)
      .slice(0, 3)
      .map((t) => faqEntry(ctx, t)),
  };
}

function addFaq(page: LandingPage, topic: string, ctx: EditContext): LandingPage {
  if (page.faq.length >= 12) throw new EditRefused(editMessages.faqFull);
  // Safety copy may always be added (checking with a professional, stopping if it hurts).
  if (isSafetyTopic(topic)) return { ...page, faq: [...page.faq, safetyFaqFromTopic(topic)] };
  const bp = ctx.blueprint;
  if (!bp) throw new EditRefused(editMessages.noBlueprint);
  const found = matchTopic(bp, topic);
  if (!found)
    throw new EditRefused(
      editMessages.topicUnknown(
        topic,
        topicsOf(bp).map((t) => t.title),
      ),
    );
  return { ...page, faq: [...page.faq, faqEntry(ctx, found)] };
}

/** The page with the edit made (a new object); EditRefused when it cannot be made or changes nothing. */
export function applyEdit(page: LandingPage, edit: LandingEdit, ctx: EditContext): LandingPage {
  const next = (() => {
    switch (edit.kind) {
      case "shorten":
        return shorten(page, edit.section);
      case "lengthen":
        return lengthen(page, edit.section, ctx);
      case "tone":
        return tone(page, edit.tone, ctx);
      case "add-section":
        return addSection(page, edit.section, ctx);
      case "remove-section":
        return removeSection(page, edit.section);
      case "move":
        return move(page, edit);
      case "faq":
        return addFaq(page, edit.topic, ctx);
      case "rewrite-cta":
        return rewriteCta(page, ctx);
    }
  })();
  if (JSON.stringify(next) === JSON.stringify(page)) throw new EditRefused(editMessages.unchanged);
  return next;
}

/** One line saying what the edit did, for the proposal's heading. */
export function describeEdit(edit: LandingEdit): string {
  switch (edit.kind) {
    case "shorten":
    case "lengthen":
      return `${edit.kind === "shorten" ? "Shortened" : "Lengthened"} the ${SECTION_NAMES[edit.section]}`;
    case "tone":
      return `Rewrote the page in ${/^[aeiou]/.test(edit.tone) ? "an" : "a"} ${edit.tone} tone`;
    case "add-section":
      return `Added a ${SECTION_NAMES[edit.section]} section`;
    case "remove-section":
      return `Removed the ${SECTION_NAMES[edit.section]}`;
    case "move":
      return `Moved the ${SECTION_NAMES[edit.section]} ${edit.other ? `${edit.to} the ${SECTION_NAMES[edit.other]}` : `to the ${edit.to}`}`;
    case "faq":
      return `Added an FAQ entry about “${edit.topic}”`;
    case "rewrite-cta":
      return "Rewrote the call to action";
  }
}

/** A proposed edit: the page now and as the instruction would leave it. */
export interface LandingEditProposal {
  instruction: string;
  /** What changed, in one line. */
  summary: string;
  /** Who wrote it: the configured model, or the built-in editor. */
  by: "model" | "built-in";
  current: LandingPage;
  proposal: LandingPage;
}
