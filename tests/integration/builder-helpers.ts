// Helpers the AI builder's integration tests share: waiting for a job, and an app built from an idea.
import type { Browser } from "./commerce-helpers";

/** Reads until `done` holds or 20 s pass (jobs run on their Durable Object between reads); answers the last read. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 20_000;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    value = await read();
  }
  return value;
}

/** An app built from `appIdea` through POST /api/app-builder/buildApp, once its job completed. */
export async function builtApp(browser: Browser, appIdea: string): Promise<string> {
  const started = (
    (await (await browser.postJson("/api/app-builder/buildApp", { appIdea })).json()) as {
      response: { appId: string; statusUrl: string };
    }
  ).response;
  await until(
    async () =>
      ((await (await browser.get(started.statusUrl)).json()) as { response: { status: string } }).response.status,
    (s) => s === "completed",
  );
  return started.appId;
}
