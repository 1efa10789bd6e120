// Where the builder writes for a creator and no AI model is connected (the embedded default), the
// pages say so: the dashboard's new-app form, the build's progress page and the blueprint. Its
// pictures are designed covers, and the dashboard and the landing page's tools label them so. With a
// model configured they do not.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { creatorAppsSection } from "~/features/apps/dashboard.server";
import { parseEnv } from "~/platform/env";
import { testApp } from "./app-context";
import { html, signUp } from "./commerce-helpers";
import { builtApp } from "./builder-helpers";

const NOTICE = "No AI model is connected.";

describe("no model connected", () => {
  it("the dashboard, the build's progress page and the blueprint say the draft comes from templates and the creator's answers", async () => {
    const { browser, userId } = await signUp("no-model");
    const text = async (path: string) => (await html(await browser.get(path))).replace(/<!-- -->/g, "");
    const dashboard = await text("/dashboard");
    expect(dashboard).toContain(NOTICE);
    expect(dashboard).toContain("A new app is written from templates and your own answers");
    const started = await browser.postJson("/api/app-builder/buildApp", { appIdea: "Knots for sailors and climbers" });
    const { progressUrl } = ((await started.json()) as { response: { progressUrl: string } }).response;
    const progress = await browser.get(progressUrl);
    // The build may already be done (the page then opens the builder): either way nothing is hidden.
    if (progress.status === 200) expect(await html(progress)).toContain(NOTICE);
    const appId = await builtApp(browser, "Knots for sailors and climbers");
    // The hero is a designed cover, and says so wherever the creator sees it; never "AI pictures".
    const COVER = "Designed cover (no AI model connected)";
    const after = await text("/dashboard");
    expect(after).toContain(COVER);
    expect(after).toContain("Its hero picture is a designed cover");
    const landing = await text(`/dashboard/builder?appId=${appId}&section=landing`);
    expect(landing).toContain("Pictures and edits");
    expect(landing).not.toContain("AI pictures");
    expect(landing).toContain(COVER);
    expect(landing).toContain("a new picture is a designed cover");
    const blueprint = await text(`/dashboard/builder?appId=${appId}&mode=blueprint`);
    expect(blueprint).toContain(NOTICE);
    expect(blueprint).toContain("This blueprint is written from templates and your own answers");
    expect((await creatorAppsSection(testApp(), { id: userId })).modelConnected).toBe(false);
  });

  it("with a model configured the notice is not there", async () => {
    const { userId } = await signUp("with-model");
    const configured = testApp({
      env: parseEnv({ ...env, AI_BASE_URL: "http://127.0.0.1:9/v1", AI_MODEL: "some-model" }),
    });
    expect((await creatorAppsSection(configured, { id: userId })).modelConnected).toBe(true);
  });
});
