import { parseWithZod } from "@conform-to/zod";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { z } from "zod";
import { DEMO_LANDING_PAGE, DEMO_ONBOARDING_FLOW, DEMO_PRICING, DEMO_THEME } from "../tools/apps-sql.mjs";
import type { LandingPage, OnboardingFlow, PublishedSnapshot, Theme } from "~/db/app-content";
import { onboardingFlowSchema } from "~/db/app-content";
import {
  checkUnpublishedChanges,
  creatorApps,
  creatorHasAnyApp,
  forgetCreatorApps,
  forgetUnpublishedChanges,
  sharedCache,
  answerError,
  NO_ANSWER,
} from "~/features/builder/client";
import {
  builderMessages,
  centsToDollars,
  changedParts,
  decodeCursor,
  dollarsToCents,
  encodeCursor,
  errorMap,
  fieldLabel,
  fieldName,
  flowFromForm,
  flowIssues,
  formIndexProblem,
  publishBlock,
  publishGaps,
  publishNeedsConfirming,
  tierOffer,
  landingPageFromForm,
  newLandingItem,
  newPage,
  newQuestion,
  parseOptions,
  stableStringify,
  themeFromForm,
} from "~/features/builder/rules";
import { flowForm, landingForm } from "~/features/builder/schema";
import { NO_PLANS_TEXT } from "~/features/apps/payment-options";
import { parseForm } from "~/platform/form.server";

/** Form fields as a browser posts them (the builder's forms read them through conform). */
const formData = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};
/** A form's fields (nested names) as conform reads them, without the schema's conversion. */
const payloadOf = (entries: [string, string][]) => parseWithZod(formData(entries), { schema: landingForm }).payload;

/** A content value as the builder's numbered form fields ('faq[0].question', 'pages[1].questions[0].key'). */
function fieldsOf(value: unknown, name = ""): [string, string][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => fieldsOf(item, `${name}[${i}]`));
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([key, item]) => fieldsOf(item, name ? `${name}.${key}` : key));
  if (value === undefined || value === null) return [];
  return [[name, typeof value === "boolean" ? (value ? "on" : "") : String(value)]];
}
const flowFields = (flow: OnboardingFlow): [string, string][] =>
  flow.pages.flatMap((page, p) => [
    [`pages[${p}].id`, page.id],
    [`pages[${p}].title`, page.title],
    ...page.questions.flatMap((q, i): [string, string][] =>
      fieldsOf({
        ...q,
        options: q.options ? q.options.map((o) => `${o.value} | ${o.label}`).join("\n") : undefined,
      }).map(([k, v]): [string, string] => [`pages[${p}].questions[${i}].${k}`, v]),
    ),
  ]);

/** What a list button (conform's insert/remove/reorder intent) posts, read by the form's schema after the change. */
function afterIntent<S extends z.ZodTypeAny>(schema: S, entries: [string, string][], intent: unknown): z.output<S> {
  const submission = parseWithZod(formData([...entries, ["__intent__", JSON.stringify(intent)]]), { schema });
  return schema.parse(submission.payload) as z.output<S>;
}

const snapshot = (): PublishedSnapshot => ({
  landingPage: structuredClone(DEMO_LANDING_PAGE) as LandingPage,
  theme: structuredClone(DEMO_THEME) as Theme,
  onboardingFlow: structuredClone(DEMO_ONBOARDING_FLOW) as OnboardingFlow,
  pricing: { ...(DEMO_PRICING as PublishedSnapshot["pricing"]) },
});

describe("dollarsToCents", () => {
  it.each([
    ["14.99", 1499],
    ["19.99", 1999],
    ["0.29", 29],
    ["0.57", 57],
    ["1.005".slice(0, 4), 100],
    ["99", 9900],
    ["9.9", 990],
    ["$1,499.50", 149950],
    [" 12. ", 1200],
    [".5", 50],
    ["0", 0],
  ])("%s → %i cents, with no float error", (input, cents) => {
    expect(dollarsToCents(input)).toEqual({ ok: true, cents });
  });

  it("refuses negatives, more than 2 decimals, words and huge numbers", () => {
    expect(dollarsToCents("-1")).toEqual({ ok: false, error: builderMessages.priceNegative });
    expect(dollarsToCents("1.999")).toEqual({ ok: false, error: builderMessages.priceDecimals });
    expect(dollarsToCents("ten")).toEqual({ ok: false, error: builderMessages.priceInvalid });
    expect(dollarsToCents("1e3")).toEqual({ ok: false, error: builderMessages.priceInvalid });
    expect(dollarsToCents("99999999999")).toEqual({ ok: false, error: builderMessages.priceTooHigh });
  });

  it("empty is an error for the monthly price and 'no price' when optional (the annual price)", () => {
    expect(dollarsToCents("")).toEqual({ ok: false, error: builderMessages.monthlyRequired });
    expect(dollarsToCents("  ", { optional: true })).toEqual({ ok: true, cents: null });
  });

  it("round-trips through centsToDollars for every cent value up to $100", () => {
    for (let cents = 0; cents <= 10_000; cents += 1)
      expect(dollarsToCents(centsToDollars(cents))).toEqual({ ok: true, cents });
    expect(centsToDollars(null)).toBe("");
    expect(centsToDollars(1499)).toBe("14.99");
    expect(centsToDollars(9900)).toBe("99");
  });
});

describe("unpublished changes", () => {
  it("none when the draft equals the published snapshot, whatever the key order or landing status", () => {
    const published = snapshot();
    const draft = snapshot();
    draft.theme = Object.fromEntries(Object.entries(draft.theme).reverse()) as Theme;
    draft.landingPage = { ...draft.landingPage, status: "pending" };
    expect(changedParts(draft, published)).toEqual([]);
  });

  it("names each changed part; never published means everything", () => {
    const published = snapshot();
    const draft = snapshot();
    draft.landingPage.hero.title = "New title";
    draft.pricing = { ...draft.pricing, monthlyPrice: 999 };
    expect(changedParts(draft, published)).toEqual(["landingPage", "pricing"]);
    draft.onboardingFlow.pages[0].questions[0].required = false;
    expect(changedParts(draft, published)).toContain("onboardingFlow");
    expect(changedParts(snapshot(), null)).toEqual(["landingPage", "theme", "onboardingFlow", "pricing"]);
  });

  it("stableStringify ignores key order and undefined members", () => {
    expect(stableStringify({ b: 1, a: [1, { d: undefined, c: 2 }] })).toBe(stableStringify({ a: [1, { c: 2 }], b: 1 }));
  });
});

describe("the unpublished-changes client cache", () => {
  afterEach(() => {
    vi.useRealTimers();
    forgetUnpublishedChanges();
  });

  it("shares one request between concurrent calls and keeps the answer 5 s", async () => {
    vi.useFakeTimers();
    let resolve!: (r: Response) => void;
    const fetcher = vi.fn(() => new Promise<Response>((r) => (resolve = r)));
    const a = checkUnpublishedChanges("app-1", fetcher as unknown as typeof fetch);
    const b = checkUnpublishedChanges("app-1", fetcher as unknown as typeof fetch);
    expect(fetcher).toHaveBeenCalledTimes(1);
    resolve(
      Response.json({
        response: { hasUnpublishedChanges: true, isPublished: true, publishedAt: 1, changed: ["theme"] },
      }),
    );
    expect(await a).toEqual(await b);
    expect((await a).hasUnpublishedChanges).toBe(true);

    vi.advanceTimersByTime(4_999);
    await checkUnpublishedChanges("app-1", fetcher as unknown as typeof fetch);
    expect(fetcher).toHaveBeenCalledTimes(1);

    const later = vi.fn(async () =>
      Response.json({ response: { hasUnpublishedChanges: false, isPublished: true, publishedAt: 2, changed: [] } }),
    );
    vi.advanceTimersByTime(2);
    expect((await checkUnpublishedChanges("app-1", later as unknown as typeof fetch)).hasUnpublishedChanges).toBe(
      false,
    );
    expect(later).toHaveBeenCalledTimes(1);
    // Another app has its own entry.
    await checkUnpublishedChanges("app-2", later as unknown as typeof fetch);
    expect(later).toHaveBeenCalledTimes(2);
  });

  it("forgets failures, so the next call asks again; forget() drops an answer", async () => {
    vi.useFakeTimers();
    const failing = vi.fn(async () =>
      Response.json({ status: "error", error: "You do not have access to this app" }, { status: 403 }),
    );
    await expect(checkUnpublishedChanges("app-3", failing as unknown as typeof fetch)).rejects.toMatchObject({
      message: "You do not have access to this app",
      status: 403,
    });
    await expect(checkUnpublishedChanges("app-3", failing as unknown as typeof fetch)).rejects.toThrow();
    expect(failing).toHaveBeenCalledTimes(2);

    const ok = vi.fn(async () =>
      Response.json({ response: { hasUnpublishedChanges: false, isPublished: false, publishedAt: null, changed: [] } }),
    );
    await checkUnpublishedChanges("app-3", ok as unknown as typeof fetch);
    forgetUnpublishedChanges("app-3");
    await checkUnpublishedChanges("app-3", ok as unknown as typeof fetch);
    expect(ok).toHaveBeenCalledTimes(2);
  });

  it("sharedCache measures its lifetime from the answer's arrival", async () => {
    vi.useFakeTimers();
    const cache = sharedCache<number>(5_000);
    let n = 0;
    const slow = () => new Promise<number>((r) => setTimeout(() => r(++n), 3_000));
    const first = cache.get("k", slow);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(await first).toBe(1);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(await cache.get("k", slow)).toBe(1);
    await vi.advanceTimersByTimeAsync(1_001);
    const third = cache.get("k", slow);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(await third).toBe(2);
  });
});

describe("onboarding flow extra checks", () => {
  it("the demo flow passes", () => {
    expect(flowIssues(DEMO_ONBOARDING_FLOW as OnboardingFlow)).toEqual([]);
  });

  it("finds duplicate keys and ids, skip rules naming a later or unknown key, choices without options, min ≥ max", () => {
    const flow = structuredClone(DEMO_ONBOARDING_FLOW) as OnboardingFlow;
    flow.pages[1].questions[1].key = "goal";
    flow.pages[1].questions[1].id = "q-goal";
    flow.pages[0].skipIf = { key: "goal", operator: "equals", value: "x" };
    flow.pages[1].questions[0].options = [];
    flow.pages[1].questions[1] = { ...flow.pages[1].questions[1], type: "number", min: 10, max: 5 };
    const messages = errorMap(flowIssues(flow));
    expect(messages["pages[1].questions[1].key"]).toBe(builderMessages.duplicateKey("goal"));
    expect(messages["pages[1].questions[1].id"]).toBe(builderMessages.duplicateQuestionId("q-goal"));
    expect(messages["pages[0].skipIf.key"]).toBe(builderMessages.skipUnknown("goal"));
    expect(messages["pages[1].questions[0].options"]).toBe(builderMessages.optionsRequired);
    expect(messages["pages[1].questions[1].max"]).toBe(builderMessages.minMax);
  });
});

describe("error words", () => {
  it("zod's issues in plain words, keyed by field name, and field names in words for the summary", async () => {
    const { landingPageSchema, themeSchema } = await import("~/db/app-content");
    const page = structuredClone(DEMO_LANDING_PAGE) as LandingPage;
    page.hero.title = "";
    page.hero.ctaLabel = "x".repeat(41);
    const issues = landingPageSchema.safeParse(page);
    expect(issues.success).toBe(false);
    const map = errorMap(issues.success ? [] : issues.error.issues);
    expect(map).toEqual({ "hero.title": "This is required", "hero.ctaLabel": "Keep it to 40 characters or fewer" });
    const theme = themeSchema.safeParse({ ...DEMO_THEME, primaryColor: "red", cornerRadius: 40, font: "comic" });
    expect(errorMap(theme.success ? [] : theme.error.issues)).toEqual({
      primaryColor: "Use a colour like #1a2b3c",
      cornerRadius: "Use 32 or less",
      font: "Choose one of: system, serif, rounded, mono",
    });
    expect(fieldLabel("faq[1].answer")).toBe("FAQ 2 answer");
    expect(fieldLabel("pages[0].questions[2].key")).toBe("Page 1 question 3 answer key");
    expect(fieldLabel("hero.ctaLabel")).toBe("Hero button label");
    expect(fieldLabel("monthlyPrice")).toBe("Monthly price");
  });
});

describe("version cursors", () => {
  it("round-trip and refuse junk", () => {
    const cursor = { createdAt: 1_763_700_000_123, id: "a0000000-0000-4000-9000-000000000001" };
    const text = encodeCursor(cursor);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(text)).toEqual(cursor);
    expect(decodeCursor("not a cursor!")).toBeNull();
    expect(decodeCursor(encodeCursor({ createdAt: 1, id: "x" }).slice(0, 3))).toBeNull();
    expect(decodeCursor(Buffer.from("12:ab;DROP").toString("base64url"))).toBeNull();
  });
});

describe("form fields", () => {
  it("the form schema nests dotted and numbered names and ignores prototype keys", () => {
    const object = payloadOf([
      ["hero.title", "Hi"],
      ["faq[1].question", "Q2"],
      ["faq[0].question", "Q1"],
      ["__proto__.polluted", "x"],
    ]);
    expect(object).toMatchObject({ hero: { title: "Hi" }, faq: [{ question: "Q1" }, { question: "Q2" }] });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(fieldName(["pages", 0, "questions", 2, "key"])).toBe("pages[0].questions[2].key");
  });

  it("numbered fields are bounded by the content schemas' list sizes: a huge index is refused, never built", () => {
    // The limits are the schemas' own: 12 FAQ entries, 8 benefits, 30 pages, 10 questions a page.
    expect(formIndexProblem(["faq[11].question", "benefits[7].title", "pages[29].questions[9].label"])).toBeNull();
    expect(formIndexProblem(["faq[12].question"])).toBe(builderMessages.tooManyItems("FAQ", 12));
    expect(formIndexProblem(["hero.title", "faq[100000000].question"])).toBe(builderMessages.tooManyItems("FAQ", 12));
    expect(formIndexProblem(["faq.100000000.question"])).toBe(builderMessages.tooManyItems("FAQ", 12));
    expect(formIndexProblem(["pages[0].questions[10].label"])).toBe(builderMessages.tooManyItems("Question", 10));
    expect(formIndexProblem(["pages[30].title"])).toBe(builderMessages.tooManyItems("Page", 30));
    expect(formIndexProblem([`faq[${"9".repeat(400)}].question`])).toBe(builderMessages.tooManyItems("FAQ", 12));
    // Numbers under a field that is not a list are not lists either.
    expect(formIndexProblem(["hero[3].title"])).toBe(builderMessages.notAList("hero[3].title"));

    // The action's parse (parseSubmission → parseForm) never makes an array longer than its bound, and is quick whatever the index.
    const started = performance.now();
    const submission = parseForm(
      formData([
        ["faq[0].question", "Q1"],
        ["faq[100000000].question", "q"],
        ["hero[99999999].title", "x"],
      ]),
      { schema: landingForm },
    );
    expect(performance.now() - started).toBeLessThan(50);
    expect(submission.payload).toEqual({ faq: [{ question: "Q1" }] });
  });

  it("the landing page and flow forms round-trip the demo content", () => {
    const page = DEMO_LANDING_PAGE as LandingPage;
    const entries: [string, string][] = [
      ["hero.title", page.hero.title],
      ["hero.subtitle", page.hero.subtitle],
      ["hero.ctaLabel", page.hero.ctaLabel],
      ["hero.imageUrl", page.hero.imageUrl ?? ""],
      ...page.benefits.flatMap((b, i): [string, string][] => [
        [`benefits[${i}].title`, b.title],
        [`benefits[${i}].description`, b.description],
      ]),
      ["pricing.title", page.pricing.title],
      ["callToAction.buttonLabel", page.callToAction.buttonLabel],
    ];
    const parsed = landingPageFromForm(payloadOf(entries));
    expect(parsed.hero).toEqual(page.hero);
    expect(parsed.benefits).toEqual(page.benefits);
    expect(parsed.faq).toEqual([]);

    const flow = flowFromForm(
      payloadOf([
        ["pages[0].id", "p1"],
        ["pages[0].title", "Goal"],
        ["pages[0].questions[0].id", "q1"],
        ["pages[0].questions[0].key", "goal"],
        ["pages[0].questions[0].type", "single_choice"],
        ["pages[0].questions[0].label", "Your goal"],
        ["pages[0].questions[0].required", "on"],
        ["pages[0].questions[0].options", "finish | Finish\nFast runner"],
        ["pages[1].id", "p2"],
        ["pages[1].title", "Days"],
        ["pages[1].skipKey", "goal"],
        ["pages[1].skipOperator", "notEquals"],
        ["pages[1].skipValue", "finish"],
        ["pages[1].questions[0].id", "q2"],
        ["pages[1].questions[0].key", "days"],
        ["pages[1].questions[0].type", "slider"],
        ["pages[1].questions[0].label", "Days a week"],
        ["pages[1].questions[0].min", "1"],
        ["pages[1].questions[0].max", "7"],
        ["pages[1].questions[0].step", "1"],
      ]),
    );
    expect(onboardingFlowSchema.safeParse(flow).success).toBe(true);
    expect(flowIssues(flow)).toEqual([]);
    expect(flow.pages[0].questions[0].options).toEqual([
      { value: "finish", label: "Finish" },
      { value: "fast_runner", label: "Fast runner" },
    ]);
    expect(flow.pages[1].skipIf).toEqual({ key: "goal", operator: "notEquals", value: "finish" });
    expect(flow.pages[1].questions[0]).toMatchObject({ min: 1, max: 7, step: 1, required: false });
    expect(parseOptions("a|b\n\n c | d ")).toEqual([
      { value: "a", label: "b" },
      { value: "c", label: "d" },
    ]);
  });

  it("theme: the hex field wins when edited, else the picker", () => {
    const base = { mode: "dark", font: "serif", cornerRadius: "8" };
    const colours = (name: string, text: string, was: string, picker: string) => ({
      [name]: text,
      [`${name}Was`]: was,
      [`${name}Picker`]: picker,
    });
    const theme = themeFromForm({
      ...base,
      ...colours("primaryColor", "#111111", "#000000", "#000000"),
      ...colours("accentColor", "#000000", "#000000", "#222222"),
      ...colours("backgroundColor", "#ffffff", "#ffffff", "#ffffff"),
      ...colours("textColor", "#000000", "#000000", "#000000"),
    });
    expect(theme).toMatchObject({
      mode: "dark",
      font: "serif",
      cornerRadius: 8,
      primaryColor: "#111111",
      accentColor: "#222222",
    });
  });

  it("list edits: add, remove and move items and pages; a flow never loses its last page or question", () => {
    // The list buttons post conform's intents; the form's schema reads the form with the change made.
    const page = structuredClone(DEMO_LANDING_PAGE) as LandingPage;
    const fields = fieldsOf({ ...page, status: undefined });
    const moved = afterIntent(landingForm, fields, { type: "reorder", payload: { name: "faq", from: 1, to: 0 } });
    expect(moved.faq[0]).toEqual(page.faq[1]);
    const added = afterIntent(landingForm, fields, {
      type: "insert",
      payload: { name: "faq", defaultValue: newLandingItem.faq(page.faq.length + 1) },
    });
    expect(added.faq).toHaveLength(page.faq.length + 1);
    expect(
      afterIntent(landingForm, fields, { type: "remove", payload: { name: "benefits", index: 0 } }).benefits,
    ).toEqual(page.benefits.slice(1));
    expect(afterIntent(landingForm, fields, { type: "reorder", payload: { name: "faq", from: 0, to: 0 } }).faq).toEqual(
      page.faq,
    );

    const flow = structuredClone(DEMO_ONBOARDING_FLOW) as OnboardingFlow;
    const addedPage = afterIntent(flowForm, flowFields(flow), {
      type: "insert",
      payload: { name: "pages", defaultValue: newPage(flow) },
    });
    expect(addedPage.pages).toHaveLength(flow.pages.length + 1);
    expect(flowIssues(addedPage)).toEqual([]);
    const addedQ = afterIntent(flowForm, flowFields(flow), {
      type: "insert",
      payload: { name: "pages[0].questions", defaultValue: newQuestion(flow) },
    });
    expect(addedQ.pages[0].questions).toHaveLength(2);
    expect(flowIssues(addedQ)).toEqual([]);
    // Removing the last page or question makes a flow the content schema refuses: it is never saved.
    const single: OnboardingFlow = { version: 2, pages: [flow.pages[0]] };
    const noPage = afterIntent(flowForm, flowFields(single), { type: "remove", payload: { name: "pages", index: 0 } });
    expect(onboardingFlowSchema.safeParse(noPage).success).toBe(false);
    const noQuestion = afterIntent(flowForm, flowFields(single), {
      type: "remove",
      payload: { name: "pages[0].questions", index: 0 },
    });
    expect(onboardingFlowSchema.safeParse(noQuestion).success).toBe(false);
    const swapped = afterIntent(flowForm, flowFields(flow), {
      type: "reorder",
      payload: { name: "pages", from: 0, to: 1 },
    });
    expect(swapped.pages[1].id).toBe(flow.pages[0].id);
  });
});

describe("publishBlock and tierOffer: why an app cannot go live, and which tiers are for sale", () => {
  const starter = { slug: "starter", name: "Starter", maxPublishedApps: 1 };
  const pro = { slug: "pro", name: "Pro", maxPublishedApps: 5 };

  it("no tier blocks; a tier with room, or an app already live, does not", () => {
    expect(publishBlock(null, { isPublished: false }, 0)).toEqual({
      reason: "no-tier",
      message: builderMessages.noTier,
    });
    expect(publishBlock(starter, { isPublished: false }, 0)).toBeNull();
    expect(publishBlock(starter, { isPublished: true }, 3)).toBeNull();
    expect(publishBlock(pro, { isPublished: false }, 4)).toBeNull();
  });

  it("a full tier blocks a new app with the tier's message", () => {
    expect(publishBlock(starter, { isPublished: false }, 1)).toEqual({
      reason: "tier-full",
      message: builderMessages.tierFull(1),
      tier: starter,
      publishedElsewhere: 1,
    });
    expect(publishBlock(pro, { isPublished: false }, 5)?.message).toBe(builderMessages.tierFull(5));
  });

  it("everything is for sale without a tier; with one, only larger tiers are", () => {
    expect(tierOffer(starter, null)).toBe("buy");
    expect(tierOffer(starter, starter)).toBe("current");
    expect(tierOffer(pro, starter)).toBe("buy");
    expect(tierOffer(starter, pro)).toBe("smaller");
    expect(tierOffer({ slug: "other", maxPublishedApps: 5 }, pro)).toBe("smaller");
  });
});

describe("the builder client's app list (30 s) and creatorHasAnyApp (15 s)", () => {
  afterEach(() => {
    forgetCreatorApps();
    vi.useRealTimers();
  });
  const apps = [{ appId: "a1", name: "Desk Yoga", isPublished: true, storefrontSlug: "x" }];

  it("shares one request between calls, keeps the list 30 s, then asks again", async () => {
    vi.useFakeTimers();
    const fetcher = vi.fn(async () => Response.json({ response: { apps } }));
    const [a, b] = await Promise.all([
      creatorApps(fetcher as unknown as typeof fetch),
      creatorApps(fetcher as unknown as typeof fetch),
    ]);
    expect(a).toEqual([{ appId: "a1", name: "Desk Yoga", isPublished: true }]);
    expect(b).toEqual(a);
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(fetcher).toHaveBeenCalledWith("/api/app-builder/getCreatorApps", expect.anything());
    vi.advanceTimersByTime(29_999);
    await creatorApps(fetcher as unknown as typeof fetch);
    expect(fetcher).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2);
    await creatorApps(fetcher as unknown as typeof fetch);
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it("keeps hasAny 15 s, and forgets a failure at once", async () => {
    vi.useFakeTimers();
    const failing = vi.fn(async () => Response.json({ error: "Failed" }, { status: 500 }));
    await expect(creatorHasAnyApp(failing as unknown as typeof fetch)).rejects.toThrow("Failed");
    const fetcher = vi.fn(async () => Response.json({ response: { hasAny: true } }));
    expect(await creatorHasAnyApp(fetcher as unknown as typeof fetch)).toBe(true);
    vi.advanceTimersByTime(14_999);
    await creatorHasAnyApp(fetcher as unknown as typeof fetch);
    expect(fetcher).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2);
    await creatorHasAnyApp(fetcher as unknown as typeof fetch);
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect(fetcher).toHaveBeenCalledWith("/api/app-builder/creatorHasAnyApp", expect.anything());
  });
});

describe("the builder's browser helpers read a failed answer as spec 8 says", () => {
  const failed = (body: string, status = 500) => ({ status, body });
  const args = (f: { status: number; body: string }) => [f.status, f.body] as const;
  it("detail, then message (or our error), then the JSON text; never a bare status", async () => {
    expect(answerError(...args(failed(JSON.stringify({ detail: "Plan not found", message: "x" }), 404))).message).toBe(
      "Plan not found",
    );
    expect(answerError(...args(failed(JSON.stringify({ message: "App not found" }), 404))).message).toBe(
      "App not found",
    );
    expect(answerError(...args(failed(JSON.stringify({ status: "error", error: "Not yours" }), 403))).message).toBe(
      "Not yours",
    );
    const other = answerError(...args(failed(JSON.stringify({ code: 17 }))));
    expect(other.message).toBe('{"code":17}');
    expect(other).toMatchObject({ status: 500, body: { code: 17 } });
    expect(answerError(...args(failed("Service Unavailable", 503))).message).toBe("Service Unavailable");
    const empty = answerError(...args(failed("", 500)));
    expect(empty.message).toBe(NO_ANSWER);
    expect(empty.message).not.toMatch(/^HTTP \d+$/);
  });

  it("the cached helpers throw that error, with the answer and its status", async () => {
    const failing = vi.fn(async () => Response.json({ detail: "The builder is busy" }, { status: 503 }));
    await expect(checkUnpublishedChanges("app-detail", failing as unknown as typeof fetch)).rejects.toMatchObject({
      message: "The builder is busy",
      status: 503,
      body: { detail: "The builder is busy" },
    });
  });
});

describe("publishGaps and publishNeedsConfirming: what a publish names as missing, and when it asks first", () => {
  const page = DEMO_LANDING_PAGE as LandingPage;
  const priced = { monthlyPrice: 1499, annualPrice: 9900, annualDurationUnit: "years" as const };

  it("a complete app with a price lacks nothing and publishes in one step", () => {
    expect(publishGaps({ landingPage: page, pricing: priced })).toEqual([]);
    expect(publishNeedsConfirming({ pricing: priced })).toBe(false);
    // One price of the two is enough.
    expect(publishNeedsConfirming({ pricing: { ...priced, monthlyPrice: null } })).toBe(false);
    expect(publishNeedsConfirming({ pricing: { ...priced, annualPrice: null } })).toBe(false);
  });

  it("no price (none, or zero) is asked about first, in the public page's own words", () => {
    for (const pricing of [
      { monthlyPrice: null, annualPrice: null, annualDurationUnit: "years" as const },
      { monthlyPrice: 0, annualPrice: 0, annualDurationUnit: "years" as const },
    ]) {
      expect(publishNeedsConfirming({ pricing })).toBe(true);
      expect(publishGaps({ landingPage: page, pricing })).toEqual([
        {
          id: "price",
          text: `No price: visitors will see “${NO_PLANS_TEXT}” and cannot buy a plan.`,
          section: "pricing",
        },
      ]);
    }
    expect(NO_PLANS_TEXT).toBe("Plans for this app are coming soon.");
  });

  it("lists a missing hero picture and empty landing sections, price first, each with the section that fills it", () => {
    const bare: LandingPage = {
      ...page,
      hero: { ...page.hero, imageUrl: null },
      benefits: [],
      howItWorks: [],
      faq: [],
    };
    const gaps = publishGaps({ landingPage: bare, pricing: { ...priced, monthlyPrice: null, annualPrice: null } });
    expect(gaps.map((g) => [g.id, g.section])).toEqual([
      ["price", "pricing"],
      ["hero-picture", "landing"],
      ["benefits", "landing"],
      ["how-it-works", "landing"],
      ["faq", "landing"],
    ]);
    expect(gaps[1].text).toBe("No hero picture at the top of the landing page.");
    // Testimonials are the creator's to gather: their absence is not named.
    expect(publishGaps({ landingPage: { ...page, testimonials: [] }, pricing: priced })).toEqual([]);
  });
});
