/**
 * A practice domain: what the embedded AI default knows about one kind of practice (running, yoga,
 * guitar, a language…), so that everything it writes for an app speaks that practice's words.
 * The taxonomy (./taxonomy/) holds at least 30 of them. An idea outside the taxonomy gets a domain
 * made from its own nouns (./idea.ts), with the same shape.
 */
export type PhaseLevel = "all" | "beginner" | "intermediate" | "advanced";

export interface DomainPhase {
  /** 'Sun salutation foundations' (≤ 80 chars). */
  title: string;
  /** One sentence: what this stretch of the plan is for (≤ 300 chars). */
  focus: string;
  /** 1–4 sessions, each ≤ 120 chars: 'Sun salutations, 3 rounds, 15 min'. */
  sessions: string[];
  level: PhaseLevel;
}

export interface DomainQuestion {
  /** The userState key (letters, digits, _; ≤ 40): 'flexibility', 'instrument'. */
  key: string;
  label: string;
  /** Choice questions carry 3–5 options. */
  type: "single_choice" | "multiple_choice" | "number" | "short_text";
  options?: { value: string; label: string }[];
  /** Number questions. */
  min?: number;
  max?: number;
  unit?: string;
}

export interface PracticeDomain {
  /** 'yoga', 'public-speaking' (unique, kebab case). */
  id: string;
  /** 'Yoga', 'Public speaking'. */
  name: string;
  /** Lowercase words and short phrases that mark an idea as this domain: 'yoga', 'asana', 'vinyasa'. */
  keywords: string[];
  /**
   * Words that belong to this domain only: if another domain's app contains one, it has leaked.
   * Lowercase whole words ('strides', 'gels', 'asana', 'chord'). Never everyday words.
   */
  signatureWords: string[];
  /** Who practises: 'runner', 'yogi', 'guitarist', 'learner'. */
  practitioner: { one: string; many: string };
  /** What one sitting is called: run/runs, practice/practices, lesson/lessons. */
  session: { one: string; many: string };
  /** A verb phrase for doing it: 'run', 'practise yoga', 'play guitar'. */
  verb: string;
  /** What the countdown counts to: 'Race Day', 'Recital', 'Exam Day' (≤ 40 chars). */
  targetLabel: string;
  /** The spec's "goal" question options: 3–4 outcomes, in the domain's words. */
  goals: { value: string; label: string }[];
  /** Milestones along the way, in order: 'First 5 km', 'Hold crow pose for 10 s'. 4–6. */
  milestones: string[];
  /** What a practitioner measures: minutes practised, km, words learned. 2–4. */
  metrics: { key: string; label: string; unit: string }[];
  /** The domain's own onboarding questions, beyond goal/level/days/date. 2–3. */
  questions: DomainQuestion[];
  /** The plan's building blocks, in practice order, 10–14 of them, mixed levels like the demo. */
  phases: DomainPhase[];
  /** Easy sessions that fill a week, per level (2–3 each). */
  fillers: { beginner: string[]; intermediate: string[]; advanced: string[] };
  /** Optional add-ons a user may ask for, in the domain's words: 2–4 {value, label, session}. */
  extras: { value: string; label: string; session: string }[];
  /** Content ideas for the blueprint: story titles, quiz titles, activity titles (3–5 each). */
  stories: string[];
  quizzes: string[];
  activities: string[];
  /** Theme colours suited to the domain (#rrggbb; primary must contrast ≥ 4.5:1 with white). */
  colors: { primary: string; accent: string };
  /**
   * The onboarding's "Where are you now?" options when the domain's own say better than new/now and
   * then/every week (the guided build: 'I can already: {milestone}', value 'from-2').
   */
  levels?: { value: string; label: string }[];
  /** What learners should avoid, in the creator's words (the guided build). */
  cautions?: string | null;
}
