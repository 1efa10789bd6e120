// The simulator's backend in workerd against D1 (creator-app-builder spec 3, 7, 8, 9; issue 14 "The
// simulator and test flows"): test personas (testing steps), their onboarding info, simulator items
// and their lists with the spec's defaults and fallbacks, and the testing variants of onboarding and
// plans, which now take only the builder's preview or a persona of the app. Every call: good input,
// bad input (400, nothing written), someone else's app (403), unknown (404), signed out (401); and a
// persona's answers and plan never mix with a real user's.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { simulatorItems } from "~/db/schema";
import {
  recordSimulatorItem,
  simulatorItemsByTestingStep,
  simulatorItemsForApp,
} from "~/features/simulator/items.server";
import type { AppContext } from "~/platform/context";
import { testApp } from "./app-context";
import { Browser, count, signUp } from "./commerce-helpers";
import { builtApp } from "./builder-helpers";
import { answersFor, B, draftFlow, publishAsIs, slugsOf } from "./simulator-fixtures";

type Json = { response: any; status?: string; error?: string; detail?: string };
type Person = { browser: Browser; userId: string };

let owner: Person;
let other: Person;
let appId: string;
let otherAppId: string;
let answers: Record<string, unknown>;
let firstKey: string;

const read = async (r: Response) => ({ status: r.status, body: (await r.json()) as Json });
const get = async (path: string, who: Browser = owner.browser) => read(await who.get(path));
const post = async (path: string, body: unknown, who: Browser = owner.browser) => read(await who.postJson(path, body));
const del = async (path: string, who: Browser = owner.browser) => read(await who.fetch(path, { method: "DELETE" }));
const creator = (p: Person) => ({ id: p.userId, isAdmin: false });

async function persona(name: string, id = appId, who = owner.browser): Promise<string> {
  const made = await post(`${B}/createTestingStep`, { appId: id, name }, who);
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return made.body.response.testingStep.testingStepId;
}

beforeAll(async () => {
  owner = await signUp("sim-owner");
  other = await signUp("sim-other");
  appId = await builtApp(owner.browser, "Half marathon training for beginners");
  otherAppId = await builtApp(other.browser, "Watercolour painting every morning");
  const flow = await draftFlow(appId);
  answers = answersFor(flow);
  firstKey = flow.pages[0].questions[0].key;
}, 90_000);

describe("test personas (testing steps)", () => {
  it("the owner makes, lists, renames and deletes personas; bad input 400; another's app 403; unknown 404; signed out 401", async () => {
    const id = await persona("Beginner Bea");
    const listed = await get(`${B}/getTestingSteps?appId=${appId}`);
    expect(listed.body.response.testingSteps).toEqual([
      expect.objectContaining({ testingStepId: id, appId, name: "Beginner Bea", createdBy: owner.userId }),
    ]);
    const renamed = await post(`${B}/renameTestingStep`, { testingStepId: id, name: "Bea" });
    expect(renamed.body.response.testingStep.name).toBe("Bea");

    const before = await count("SELECT count(*) AS n FROM testing_steps WHERE app_id = ?", appId);
    expect((await post(`${B}/createTestingStep`, { appId, name: "" })).body.error).toBe("name is required");
    expect((await post(`${B}/createTestingStep`, { appId, name: "x".repeat(61) })).status).toBe(400);
    expect((await post(`${B}/createTestingStep`, { appId, name: "Sneaky" }, other.browser)).status).toBe(403);
    expect((await post(`${B}/createTestingStep`, { appId: crypto.randomUUID(), name: "Ghost" })).status).toBe(404);
    expect((await post(`${B}/createTestingStep`, { appId, name: "Anon" }, new Browser())).status).toBe(401);
    expect(await count("SELECT count(*) AS n FROM testing_steps WHERE app_id = ?", appId)).toBe(before);

    expect((await get(`${B}/getTestingSteps?appId=${appId}`, other.browser)).status).toBe(403);
    expect((await post(`${B}/renameTestingStep`, { testingStepId: id, name: "Mine" }, other.browser)).status).toBe(403);
    expect((await post(`${B}/renameTestingStep`, { testingStepId: "nope", name: "X" })).status).toBe(404);
    expect((await del(`${B}/deleteTestingStep/${id}`, other.browser)).status).toBe(403);
    expect((await del(`${B}/deleteTestingStep/${id}`, new Browser())).status).toBe(401);
    expect((await del(`${B}/deleteTestingStep/${id}`)).body.response).toEqual({ success: true, deleted: true });
    expect((await del(`${B}/deleteTestingStep/${id}`)).status).toBe(404);
  });

  it("deleting a persona removes its onboarding states, plans, items, runs and answers, and nothing else", async () => {
    const id = await persona("Doomed");
    const keep = await persona("Kept");
    const { s1, s2 } = await slugsOf(appId);
    for (const step of [id, keep]) {
      await post(`/api/apps/saveOnboardingUserStateForTesting/${s1}/${s2}`, {
        userState: answers,
        pagesInfo: {},
        testingStepId: step,
      });
      await post(`/api/apps/createPersonalizedPlanForTesting/${s1}/${s2}`, { userState: answers, testingStepId: step });
      await post(`${B}/saveTestingOnboardingInfo`, {
        appId,
        testingStepId: step,
        info: { [firstKey]: answers[firstKey] },
      });
      await recordSimulatorItem(testApp(), creator(owner), {
        appId,
        itemType: "plan",
        testingStepId: step,
        content: { step },
      });
      await env.DB.prepare(
        `INSERT INTO activity_runs (id, app_id, activity_id, subject, testing_step_id, title, cards, status, created_at, updated_at)
         VALUES (?, ?, 'long-run', ?, ?, 'Long run', '[]', 'in-progress', 1, 1)`,
      )
        .bind(crypto.randomUUID(), appId, owner.userId, step)
        .run();
    }
    const rows = async (step: string) =>
      Promise.all(
        ["onboarding_states", "personalized_plans", "simulator_items", "activity_runs", "testing_onboarding_info"].map(
          (table) => count(`SELECT count(*) AS n FROM ${table} WHERE app_id = ? AND testing_step_id = ?`, appId, step),
        ),
      );
    expect(await rows(id)).toEqual([1, 1, 1, 1, 1]);
    expect((await del(`${B}/deleteTestingStep/${id}`)).status).toBe(200);
    expect(await rows(id)).toEqual([0, 0, 0, 0, 0]);
    expect(await rows(keep)).toEqual([1, 1, 1, 1, 1]);
  });
});

describe("the testing variants take only the builder's preview or a persona of the app", () => {
  it("a persona of the app works; an unknown id or another app's persona is a 404 in words; 'preview' still works", async () => {
    const { s1, s2 } = await slugsOf(appId);
    const mine = await persona("Variant");
    const theirs = await persona("Theirs", otherAppId, other.browser);
    const save = (testingStepId: string) =>
      post(`/api/apps/saveOnboardingUserStateForTesting/${s1}/${s2}`, { userState: {}, pagesInfo: {}, testingStepId });
    expect((await save(mine)).status).toBe(200);
    expect((await save("preview")).status).toBe(200);
    for (const refused of ["made-up-step", theirs]) {
      const answer = await save(refused);
      expect(answer.status).toBe(404);
      expect(answer.body.error).toBe("testingStepId is not a test persona of this app");
      expect(
        (await get(`/api/apps/getOnboardingUserStateForTesting/${s1}/${s2}?testingStepId=${refused}`)).status,
      ).toBe(404);
      expect(
        (
          await post(`/api/apps/createPersonalizedPlanForTesting/${s1}/${s2}`, {
            userState: answers,
            testingStepId: refused,
          })
        ).status,
      ).toBe(404);
      expect((await get(`/api/apps/checkPlanStatus/${owner.userId}/${s1}/${s2}?testingStepId=${refused}`)).status).toBe(
        404,
      );
    }
    expect(
      await count(
        "SELECT count(*) AS n FROM onboarding_states WHERE app_id = ? AND testing_step_id = 'made-up-step'",
        appId,
      ),
    ).toBe(0);
    // Someone else still gets the 403 first, whatever the step.
    expect(
      (
        await post(
          `/api/apps/saveOnboardingUserStateForTesting/${s1}/${s2}`,
          { userState: {}, pagesInfo: {}, testingStepId: mine },
          other.browser,
        )
      ).status,
    ).toBe(403);
  });

  it("a persona's answers and plan never reach a real user of the app, nor a real user's the persona", async () => {
    await publishAsIs(appId);
    const { s1, s2 } = await slugsOf(appId);
    const step = await persona("Apart");
    const api = (name: string) => `/api/apps/${name}/${s1}/${s2}`;
    await post(api("saveOnboardingUserStateForTesting"), { userState: answers, pagesInfo: {}, testingStepId: step });
    const made = await post(api("createPersonalizedPlanForTesting"), { userState: answers, testingStepId: step });
    expect(made.body.status).toBe("pending");

    // The owner as a real user of their own app, and a real visitor: neither sees the persona's.
    expect((await get(api("getOnboardingUserState"))).body.response.userState).toEqual({});
    expect((await get(`/api/apps/checkPlanStatus/${owner.userId}/${s1}/${s2}`)).body).toMatchObject({
      status: "not_found",
      plan: null,
    });
    const visitor = await signUp("sim-visitor");
    expect((await get(api("getOnboardingUserState"), visitor.browser)).body.response.userState).toEqual({});

    // A real answer stays out of the persona's.
    const real = { [firstKey]: answers[firstKey] };
    expect((await post(api("saveOnboardingUserState"), { userState: real, pagesInfo: {} })).status).toBe(200);
    expect(
      (await get(`${api("getOnboardingUserStateForTesting")}?testingStepId=${step}`)).body.response.userState,
    ).toEqual(answers);
    expect((await get(api("getOnboardingUserState"))).body.response.userState).toEqual(real);
    expect(
      await count(
        "SELECT count(*) AS n FROM personalized_plans WHERE app_id = ? AND subject = ? AND testing_step_id = ''",
        appId,
        owner.userId,
      ),
    ).toBe(0);
  });
});

describe("testing onboarding info", () => {
  it("saves and reads a persona's answers, typed by the draft's questions", async () => {
    const step = await persona("Info");
    const empty = await get(`${B}/getTestingOnboardingInfo?appId=${appId}&testingStepId=${step}`);
    expect(empty.body.response).toEqual({ appId, testingStepId: step, info: {}, updatedAt: null });
    const saved = await post(`${B}/saveTestingOnboardingInfo`, { appId, testingStepId: step, info: answers });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.response).toMatchObject({ success: true, info: answers });
    const back = await get(`${B}/getTestingOnboardingInfo?appId=${appId}&testingStepId=${step}`);
    expect(back.body.response.info).toEqual(answers);
    // Half an answer sheet is fine (a persona may be half made): empty answers are left out.
    const half = await post(`${B}/saveTestingOnboardingInfo`, {
      appId,
      testingStepId: step,
      info: {
        [firstKey]: answers[firstKey],
        ...Object.fromEntries(
          Object.keys(answers)
            .slice(1)
            .map((k) => [k, ""]),
        ),
      },
    });
    expect(half.body.response.info).toEqual({ [firstKey]: answers[firstKey] });
  });

  it("refuses unknown questions, bad answers, too much, and no object, in words, changing nothing", async () => {
    const step = await persona("Strict");
    await post(`${B}/saveTestingOnboardingInfo`, { appId, testingStepId: step, info: answers });
    const refuse = async (info: unknown, message: string | RegExp) => {
      const answer = await post(`${B}/saveTestingOnboardingInfo`, { appId, testingStepId: step, info });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatch(message);
    };
    await refuse(
      { favouriteColour: "red", shoeSize: 9 },
      "info names questions this app's onboarding does not ask: favouriteColour, shoeSize",
    );
    await refuse({ [firstKey]: "not one of the options ✗".repeat(30) }, new RegExp(`^${firstKey}: `));
    await refuse({ [firstKey]: "x".repeat(33_000) }, "info can be at most 32000 characters of JSON");
    await refuse("answers", "info must be an object");
    const missing = await post(`${B}/saveTestingOnboardingInfo`, { appId, info: {} });
    expect(missing.body.error).toBe("testingStepId is required");
    expect(
      (await get(`${B}/getTestingOnboardingInfo?appId=${appId}&testingStepId=${step}`)).body.response.info,
    ).toEqual(answers);
  });

  it("another creator's app 403, someone else's or an unknown persona 404, signed out 401", async () => {
    const step = await persona("Guarded");
    const theirs = await persona("Their info", otherAppId, other.browser);
    expect(
      (await get(`${B}/getTestingOnboardingInfo?appId=${appId}&testingStepId=${step}`, other.browser)).status,
    ).toBe(403);
    expect(
      (await post(`${B}/saveTestingOnboardingInfo`, { appId, testingStepId: step, info: {} }, other.browser)).status,
    ).toBe(403);
    expect((await get(`${B}/getTestingOnboardingInfo?appId=${appId}&testingStepId=${theirs}`)).body).toMatchObject({
      error: "testingStepId is not a test persona of this app",
    });
    expect((await get(`${B}/getTestingOnboardingInfo?appId=${appId}&testingStepId=nobody`)).status).toBe(404);
    expect((await get(`${B}/getTestingOnboardingInfo?appId=${crypto.randomUUID()}&testingStepId=${step}`)).status).toBe(
      404,
    );
    expect(
      (await get(`${B}/getTestingOnboardingInfo?appId=${appId}&testingStepId=${step}`, new Browser())).status,
    ).toBe(401);
  });
});

describe("simulator items", () => {
  let itemsApp: string;
  let step: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    itemsApp = await builtApp(owner.browser, "Daily piano scales");
    step = await persona("Items", itemsApp);
    // Twelve items without a persona (alternating types), two as the persona; one ms apart so the order is known.
    for (let i = 0; i < 12; i++) {
      const item = await recordSimulatorItem(testApp({ now: Date.now() + i }), creator(owner), {
        appId: itemsApp,
        itemType: i % 2 === 0 ? "onboarding-page" : "plan",
        testingStepId: null,
        content: { n: i },
      });
      ids[`n${i}`] = item.itemId;
    }
    for (const [i, itemType] of (["landing", "activity-card"] as const).entries()) {
      const item = await recordSimulatorItem(testApp({ now: Date.now() + 100 + i }), creator(owner), {
        appId: itemsApp,
        itemType,
        testingStepId: step,
        content: { persona: i },
      });
      ids[`p${i}`] = item.itemId;
    }
  }, 60_000);

  it("recordSimulatorItem checks the app, the persona, the type's words and the size", async () => {
    const theirs = await persona("Not here", otherAppId, other.browser);
    const record = (input: Partial<Parameters<typeof recordSimulatorItem>[2]>, who = owner) =>
      recordSimulatorItem(testApp(), creator(who), {
        appId: itemsApp,
        itemType: "plan",
        testingStepId: null,
        content: {},
        ...input,
      });
    await expect(record({}, other)).rejects.toThrow("You do not have access to this app");
    await expect(record({ testingStepId: theirs })).rejects.toThrow("testingStepId is not a test persona of this app");
    await expect(record({ content: { big: "x".repeat(64_001) } })).rejects.toThrow(
      "content can be at most 64000 characters of JSON",
    );
  });

  it("getSimulatorItemById: the item; another creator's 403; unknown 404; no itemId 400; signed out 401", async () => {
    const found = await get(`${B}/getSimulatorItemById?itemId=${ids.n3}`);
    expect(found.body.response.item).toMatchObject({
      itemId: ids.n3,
      itemType: "plan",
      appId: itemsApp,
      testingStepId: null,
      content: { n: 3 },
    });
    expect((await get(`${B}/getSimulatorItemById?itemId=${ids.n3}`, other.browser)).status).toBe(403);
    expect((await get(`${B}/getSimulatorItemById?itemId=${crypto.randomUUID()}`)).status).toBe(404);
    expect((await get(`${B}/getSimulatorItemById`)).body.error).toBe("itemId is required");
    expect((await get(`${B}/getSimulatorItemById?itemId=${ids.n3}`, new Browser())).status).toBe(401);
  });

  it("getMostRecentSimulatorItemByTypeAndAppId: persona items only with includeTestingSteps; null when none", async () => {
    const path = (q: string) => `${B}/getMostRecentSimulatorItemByTypeAndAppId?appId=${itemsApp}&${q}`;
    expect((await get(path("itemType=plan"))).body.response.item.itemId).toBe(ids.n11);
    expect((await get(path("itemType=landing"))).body.response.item).toBeNull();
    expect((await get(path("itemType=landing&includeTestingSteps=true"))).body.response.item.itemId).toBe(ids.p0);
    expect((await get(path("itemType=screens"))).body.error).toBe(
      "itemType must be one of landing, onboarding-page, plan, activity-card, replay",
    );
    expect((await get(path("itemType=plan&includeTestingSteps=maybe"))).body.error).toBe(
      "includeTestingSteps must be true or false",
    );
    expect((await get(path("itemType=plan"), other.browser)).status).toBe(403);
    expect((await get(`${B}/getMostRecentSimulatorItemByTypeAndAppId?appId=nope&itemType=plan`)).status).toBe(404);
    expect((await get(path("itemType=plan"), new Browser())).status).toBe(401);
  });

  it("getSimulatorItemsByTestingStepId: the persona's items, filtered by types; 403, 404, 400, 401", async () => {
    const path = (q: string) => `${B}/getSimulatorItemsByTestingStepId?testingStepId=${step}${q}`;
    expect((await get(path(""))).body.response.items.map((i: { itemId: string }) => i.itemId)).toEqual([
      ids.p1,
      ids.p0,
    ]);
    expect(
      (await get(path("&types=landing,plan"))).body.response.items.map((i: { itemId: string }) => i.itemId),
    ).toEqual([ids.p0]);
    expect((await get(path("&types=landing,pictures"))).status).toBe(400);
    expect((await get(path(""), other.browser)).status).toBe(403);
    expect((await get(`${B}/getSimulatorItemsByTestingStepId?testingStepId=nobody`)).status).toBe(404);
    expect((await get(`${B}/getSimulatorItemsByTestingStepId`)).body.error).toBe("testingStepId is required");
    expect((await get(path(""), new Browser())).status).toBe(401);
  });

  it("getSimulatorItemsForApp: page 1, 10 a page, no persona items by default; pages, types and the total", async () => {
    const path = (q = "") => `${B}/getSimulatorItemsForApp?appId=${itemsApp}${q}`;
    const first = (await get(path())).body.response;
    expect(first.total).toBe(12);
    expect(first.hasMore).toBe(true);
    expect(first.items).toHaveLength(10);
    expect(first.items[0].itemId).toBe(ids.n11);
    expect(first.items.every((i: { testingStepId: string | null }) => i.testingStepId === null)).toBe(true);
    const second = (await get(path("&page=2"))).body.response;
    expect(second).toMatchObject({ total: 12, hasMore: false });
    expect(second.items.map((i: { itemId: string }) => i.itemId)).toEqual([ids.n1, ids.n0]);
    expect((await get(path("&page=9"))).body.response).toEqual({ items: [], hasMore: false, total: 12 });
    const withPersonas = (await get(path("&includeTestingSteps=true&limit=3"))).body.response;
    expect(withPersonas).toMatchObject({ total: 14, hasMore: true });
    expect(withPersonas.items.map((i: { itemId: string }) => i.itemId)).toEqual([ids.p1, ids.p0, ids.n11]);
    const plans = (await get(path("&types=plan"))).body.response;
    expect(plans).toMatchObject({ total: 6, hasMore: false });
    expect((await get(path("&limit=51"))).body.error).toBe("limit must be between 1 and 50");
    expect((await get(path("&page=0"))).body.error).toBe("page must be a whole number from 1");
    expect((await get(path("&types=everything"))).status).toBe(400);
    expect((await get(path(), other.browser)).status).toBe(403);
    expect((await get(`${B}/getSimulatorItemsForApp?appId=${crypto.randomUUID()}`)).status).toBe(404);
    expect((await get(path(), new Browser())).status).toBe(401);
  });

  it("when the items cannot be read, the lists answer empty items, hasMore false and total 0 (spec 8); refusals stay refusals", async () => {
    const base = testApp();
    // D1 failing only for simulator_items: the ownership reads still work, the list reads do not.
    const db = new Proxy(base.db, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver) as unknown;
        if (prop !== "select" || typeof value !== "function") return value;
        return (...args: unknown[]) => {
          const builder = (value as (...a: unknown[]) => { from: (t: unknown) => unknown }).apply(target, args);
          const from = builder.from.bind(builder);
          builder.from = (table: unknown) => {
            if (table === simulatorItems) throw new Error("D1 is down");
            return from(table);
          };
          return builder;
        };
      },
    }) as AppContext["db"];
    const failing = testApp({ db });
    const query = { appId: itemsApp, page: 1, limit: 10, types: [], includeTestingSteps: false };
    expect(await simulatorItemsForApp(failing, creator(owner), query)).toEqual({ items: [], hasMore: false, total: 0 });
    expect(await simulatorItemsByTestingStep(failing, creator(owner), { testingStepId: step, types: [] })).toEqual({
      items: [],
    });
    await expect(simulatorItemsForApp(failing, creator(other), query)).rejects.toThrow(
      "You do not have access to this app",
    );
    expect((await simulatorItemsForApp(base, creator(owner), query)).total).toBe(12);
  });
});
