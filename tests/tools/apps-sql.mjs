// Creator apps seed: the studio pricing tiers (reference data every database needs) and the demo
// creator's published half-marathon training app (npm start, e2e). The content follows the zod
// schemas in app/db/app-content.ts; tests/unit/apps-seed.test.ts checks that it does.
import { sqlValue } from "./catalogue-sql.mjs";

export const STUDIO_TIERS = [
  {
    slug: "starter",
    name: "Starter",
    description: "Publish one app and start selling.",
    features: [
      "1 published app",
      "50 AI generations a day",
      "Landing page, theme and onboarding",
      "Personalized plans for your users",
    ],
    maxPublishedApps: 1,
    aiGenerationsPerDay: 50,
    appAiUnitsPerDay: 500,
    prices: { month: 1900, year: 19000 },
  },
  {
    slug: "pro",
    name: "Pro",
    description: "For coaches with more than one programme.",
    features: ["5 published apps", "200 AI generations a day", "Everything in Starter", "Priority plan generation"],
    maxPublishedApps: 5,
    aiGenerationsPerDay: 200,
    appAiUnitsPerDay: 2000,
    prices: { month: 4900, year: 49000 },
  },
  {
    slug: "studio",
    name: "Studio",
    description: "For teams running a whole catalogue of apps.",
    features: ["25 published apps", "1,000 AI generations a day", "Everything in Pro", "Team seats (coming soon)"],
    maxPublishedApps: 25,
    aiGenerationsPerDay: 1000,
    appAiUnitsPerDay: 10000,
    prices: { month: 9900, year: 99000 },
  },
];

export function studioTierStatements() {
  return STUDIO_TIERS.flatMap((t, i) => [
    `INSERT INTO studio_tiers (slug, name, description, features, max_published_apps, ai_generations_per_day, app_ai_units_per_day, position) VALUES (${sqlValue(t.slug)}, ${sqlValue(t.name)}, ${sqlValue(t.description)}, ${sqlValue(t.features)}, ${t.maxPublishedApps}, ${t.aiGenerationsPerDay}, ${t.appAiUnitsPerDay}, ${i})\n` +
      `ON CONFLICT(slug) DO UPDATE SET name = excluded.name, description = excluded.description, features = excluded.features, max_published_apps = excluded.max_published_apps, ai_generations_per_day = excluded.ai_generations_per_day, app_ai_units_per_day = excluded.app_ai_units_per_day, position = excluded.position;`,
    ...Object.entries(t.prices).map(
      ([interval, cents]) =>
        `INSERT INTO studio_tier_prices (id, tier_slug, interval, price_cents) VALUES (${sqlValue(`studio_${t.slug}_${interval}`)}, ${sqlValue(t.slug)}, ${sqlValue(interval)}, ${cents})\n` +
        `ON CONFLICT(id) DO UPDATE SET price_cents = excluded.price_cents;`,
    ),
  ]);
}

export const DEMO_APP_ID = "a0000000-0000-4000-8000-000000000001";

export const DEMO_THEME = {
  mode: "light",
  primaryColor: "#c2410c",
  accentColor: "#0f766e",
  backgroundColor: "#fffaf5",
  textColor: "#1c1917",
  font: "rounded",
  cornerRadius: 16,
};

export const DEMO_LANDING_PAGE = {
  status: "ready",
  hero: {
    title: "Run your first sub-2 half marathon",
    subtitle:
      "A coach in your pocket: a plan built around your week, your level and your race day, adjusted as you go.",
    imageUrl: "/art/apps/half-marathon-hero.svg",
    ctaLabel: "Get my plan",
  },
  benefits: [
    {
      title: "Built around your week",
      description: "Tell us which days you can run and the plan fits them, never the other way round.",
    },
    { title: "From where you are", description: "Brand new or racing again: your first week starts at your level." },
    { title: "Race-day ready", description: "Long runs, tempo work and a proper taper so you arrive fresh." },
  ],
  howItWorks: [
    { title: "Answer a few questions", description: "Your goal, your current running, your race date. Two minutes." },
    { title: "Get your plan", description: "A phase-by-phase plan to race day, made for you in seconds." },
    { title: "Train and check in", description: "Follow each week's sessions and watch the countdown shrink." },
  ],
  testimonials: [
    {
      quote: "I went from 2:14 to 1:57 in one training block. The taper week was magic.",
      name: "Priya S.",
      role: "First sub-2",
    },
    { quote: "Three runs a week was all I had. The plan made them count.", name: "Tom K.", role: "Busy parent" },
  ],
  faq: [
    {
      question: "Do I need to be a runner already?",
      answer: "No. If you can run 20 minutes without stopping, the beginner plan starts there.",
    },
    {
      question: "What if my race is sooner than six weeks?",
      answer: "The plan shortens its build-up and keeps the taper, so you still arrive rested.",
    },
    {
      question: "Can I change my plan later?",
      answer: "Yes: retake the questions at any time and ask for a fresh plan.",
    },
  ],
  pricing: {
    title: "Choose your plan",
    subtitle: "Cancel any time. The annual plan costs less than two pairs of running shoes.",
  },
  callToAction: {
    title: "Your race day is coming",
    subtitle: "Start with a free personalized plan.",
    buttonLabel: "Get started",
  },
};

const levelOptions = [
  { value: "beginner", label: "I run now and then" },
  { value: "intermediate", label: "I run 2–3 times a week" },
  { value: "advanced", label: "I have raced a half marathon before" },
];

export const DEMO_ONBOARDING_FLOW = {
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
            { value: "finish", label: "Finish my first half marathon" },
            { value: "sub2", label: "Run it in under 2 hours" },
            { value: "pb", label: "Beat my personal best" },
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
          options: levelOptions,
        },
        {
          id: "q-longest",
          key: "longestRunKm",
          type: "number",
          label: "Your longest run in the last month",
          unit: "km",
          min: 0,
          max: 42,
          step: 1,
          required: false,
          placeholder: "e.g. 8",
        },
      ],
    },
    {
      id: "best",
      title: "Your best so far",
      description: "So your plan aims just past it.",
      skipIf: { key: "currentLevel", operator: "notEquals", value: "advanced" },
      questions: [
        {
          id: "q-best",
          key: "previousBest",
          type: "short_text",
          label: "Your half marathon best (h:mm)",
          required: false,
          placeholder: "e.g. 2:05",
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
          label: "Days a week you can run",
          min: 2,
          max: 6,
          step: 1,
          unit: "days",
          required: true,
        },
        {
          id: "q-focus",
          key: "extras",
          type: "multiple_choice",
          label: "Also include…",
          required: false,
          options: [
            { value: "strength", label: "Strength work" },
            { value: "mobility", label: "Mobility and stretching" },
            { value: "nutrition", label: "Race nutrition tips" },
          ],
        },
      ],
    },
    {
      id: "race",
      title: "Race day",
      description: "No race booked yet? Leave it empty and we plan six weeks.",
      questions: [{ id: "q-date", key: "targetDate", type: "date", label: "When is your race?", required: false }],
    },
  ],
};

const p = (title, focus, sessions, level = "all") => ({ title, focus, sessions, level });

export const DEMO_BLUEPRINT = {
  topic: "Running",
  goal: "Run a half marathon in under 2 hours",
  planTitle: "Your Half Marathon Plan",
  description: "A step-by-step plan to get you ready to run a half marathon in under 2 hours.",
  targetLabel: "Race Day",
  defaultProgramLengthWeeks: 6,
  expectedPhaseCount: 13,
  phaseTemplates: [
    p(
      "Run-walk foundations",
      "Build the habit with easy run-walk intervals.",
      ["Run 2 min / walk 1 min × 8", "Easy 20 min walk-run", "Rest or gentle mobility"],
      "beginner",
    ),
    p("Easy aerobic base", "Conversational running to build your engine.", [
      "Easy 30 min",
      "Easy 25 min + strides",
      "Long easy 45 min",
    ]),
    p("Cadence and form", "Quick, light steps; relaxed shoulders.", [
      "Easy 30 min with 6 × 20 s strides",
      "Form drills 10 min + easy 20 min",
    ]),
    p(
      "Strength for runners",
      "Glutes, calves and core keep injuries away.",
      ["Squats, lunges, calf raises, planks: 3 rounds", "Easy 20 min"],
      "all",
    ),
    p("First long run", "Time on feet at an easy pace.", ["Long run 60 min easy", "Recovery 20 min"]),
    p(
      "Hill strength",
      "Short hills build power without speed work's strain.",
      ["8 × 45 s uphill, jog down", "Easy 30 min"],
      "intermediate",
    ),
    p("Tempo introduction", "Comfortably hard running, the pace of a sub-2 half.", [
      "Warm up, 2 × 8 min tempo, cool down",
      "Easy 35 min",
    ]),
    p("Long run build", "Extend the long run toward race distance.", ["Long run 75–90 min easy", "Easy 30 min"]),
    p("Race-pace practice", "Lock in 5:40/km: the pace of a 1:59 half.", ["3 × 2 km at race pace", "Easy 40 min"]),
    p(
      "Speed endurance",
      "Intervals that make race pace feel easy.",
      ["6 × 800 m at 10 km pace", "Easy 30 min + strides"],
      "advanced",
    ),
    p("Peak long run", "Your longest run: confidence for race day.", ["Long run 16–18 km", "Recovery 25 min"]),
    p("Sharpening", "Shorter, faster, fresher.", ["Tempo 20 min", "Easy 30 min with strides"]),
    p("Taper", "Less running, same rhythm: arrive rested.", ["Easy 30 min", "4 × 1 km at race pace", "Rest"]),
    p("Race week", "Short shake-outs, sleep, fuel and a plan for the day.", [
      "Shake-out 20 min with 4 strides",
      "Rest",
      "Race day: start steady, finish strong",
    ]),
  ],
  // An activity the end user does and reports on (issue 14): a fresh npm start shows one.
  items: [
    {
      id: "long-run",
      kind: "activity",
      title: "Long run",
      cards: [
        {
          id: "card-1",
          kind: "instruction",
          body: "### Long run\n\nTime on feet at an easy, conversational pace: the run that makes 21.1 km feel possible.\n\n1. Warm up with 5 minutes of brisk walking\n2. Run easy: you should be able to talk in full sentences\n3. Walk 5 minutes to cool down, then stretch calves and hips",
        },
        { id: "card-2", kind: "input", inputType: "number", prompt: "How far did you run?", unit: "km" },
        { id: "card-3", kind: "input", inputType: "number", prompt: "How long did it take?", unit: "min" },
        {
          id: "card-4",
          kind: "input",
          inputType: "choice",
          prompt: "How did the long run feel?",
          options: ["Easy", "Just right", "Hard", "Too hard to finish"],
        },
        {
          id: "card-5",
          kind: "input",
          inputType: "photo",
          prompt: "A photo of your watch or your route map",
          optional: true,
        },
        {
          id: "card-6",
          kind: "analysis",
          title: "How your long run went",
          analysisPrompt:
            'Check this long run against the rubric and answer in two or three short sentences, as a coach.\nRubric:\n- Distance: a long run for a half-marathon beginner is between 8 and 14 km. Below 8: encourage, and suggest a little more next time. Above 14: praise it, and warn against adding more than 10% a week.\n- Pace: distance and time give the pace; a long run for a sub-2 hour half is between 6 and 7.5 min/km, slower than the 5:40/km race pace.\n- How it felt: "Easy" or "Just right" is on target; "Hard" or "Too hard to finish" means the next long run should be slower or shorter.\nKeywords: long run, easy pace, conversational, time on feet, fuelling.',
          inputIds: ["card-2", "card-3", "card-4"],
        },
        {
          id: "card-7",
          kind: "summary",
          title: "Your long run in short",
          summaryAnalysisPrompt:
            "Sum up this long run in one sentence: the distance and pace, how it compared with the targets above, and one thing to change next time.",
        },
      ],
    },
  ],
};

export const DEMO_PRICING = { monthlyPrice: 1499, annualPrice: 9900, annualDurationUnit: "years" };

/** The demo creator's app, published, with its first versions and the creator's active Pro tier. */
export function demoAppStatements(now, ownerId) {
  const published = {
    landingPage: DEMO_LANDING_PAGE,
    theme: DEMO_THEME,
    onboardingFlow: DEMO_ONBOARDING_FLOW,
    pricing: DEMO_PRICING,
  };
  const versions = [
    ["landing_page", DEMO_LANDING_PAGE],
    ["onboarding_flow", DEMO_ONBOARDING_FLOW],
    ["theme", DEMO_THEME],
    ["blueprint", DEMO_BLUEPRINT],
  ];
  return [
    `INSERT INTO apps (id, user_id, storefront_slug, app_slug, name, idea, is_idea, canvas_settings, landing_page, theme, onboarding_flow, monthly_price_cents, annual_price_cents, annual_duration_unit, published, is_published, published_at, recently_opened_at, created_at, updated_at) VALUES (` +
      [
        DEMO_APP_ID,
        ownerId,
        "marisol-vega",
        "half-marathon",
        "Half Marathon Coach",
        "A training app that gets runners to a sub-2 hour half marathon with a plan built around their week.",
        false,
        {},
        DEMO_LANDING_PAGE,
        DEMO_THEME,
        DEMO_ONBOARDING_FLOW,
        DEMO_PRICING.monthlyPrice,
        DEMO_PRICING.annualPrice,
        DEMO_PRICING.annualDurationUnit,
        published,
        true,
        now,
        now,
        now,
        now,
      ]
        .map(sqlValue)
        .join(", ") +
      `)\nON CONFLICT(id) DO NOTHING;`,
    `INSERT INTO app_blueprints (app_id, content, updated_at) VALUES (${sqlValue(DEMO_APP_ID)}, ${sqlValue(DEMO_BLUEPRINT)}, ${now}) ON CONFLICT(app_id) DO NOTHING;`,
    ...versions.map(
      ([kind, content], i) =>
        `INSERT INTO app_versions (id, app_id, kind, content, reason, created_by, created_at) VALUES (${sqlValue(`a0000000-0000-4000-9000-00000000000${i + 1}`)}, ${sqlValue(DEMO_APP_ID)}, ${sqlValue(kind)}, ${sqlValue(content)}, 'create', ${sqlValue(ownerId)}, ${now}) ON CONFLICT(id) DO NOTHING;`,
    ),
    `INSERT INTO creator_studio_subscriptions (id, user_id, tier_slug, price_option_id, checkout_session_id, interval, price_cents, status, current_period_end, created_at) VALUES ('a0000000-0000-4000-a000-000000000001', ${sqlValue(ownerId)}, 'pro', 'studio_pro_year', NULL, 'year', 49000, 'active', ${now + 365 * 86_400_000}, ${now}) ON CONFLICT(id) DO NOTHING;`,
  ];
}
