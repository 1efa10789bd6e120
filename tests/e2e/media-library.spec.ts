/**
 * The media library (?mode=media), JavaScript on and off, on the embedded AI default: a creator
 * uploads a PDF, an image and a recording, adds a web page, an online video and a video file (read
 * from the e2e server's local web, tests/tools/web-stand-in.mjs), sees each described, and sorts them into two
 * topics. A file whose name lies is refused with its message. Axe on the screen.
 */
import { simplePdf, simpleWav } from "../integration/describe-fixtures";
import {
  buildAppFromIdea,
  e2ePort,
  expect,
  expectNoAxeViolations,
  h1,
  isJs,
  test,
  waitForHydration,
  waitForIdle,
} from "./helpers";
import { solidPng } from "./png";

const FILES = {
  pdf: {
    name: "desk-stretches.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from(
      simplePdf(
        [
          [
            "Desk stretches for office workers.",
            "",
            "Sitting for hours tightens the neck and the hips. Stretch every hour for two minutes.",
            "Neck rolls, seated twists and a standing forward fold undo most of the stiffness.",
          ],
        ],
        { title: "Desk stretches" },
      ),
    ),
  },
  image: { name: "sunrise.png", mimeType: "image/png", buffer: solidPng(64, 36, [250, 180, 90]) },
  audio: {
    name: "breathing.wav",
    mimeType: "audio/wav",
    buffer: Buffer.from(simpleWav(2, "Box breathing", "Calm Desk")),
  },
};

test("upload, link, describe and sort media into topics", async ({ page, login, problems }, testInfo) => {
  test.setTimeout(150_000);
  problems.allowStatus(400);
  const web = `http://127.0.0.1:${e2ePort("E2E_WEB_PORT")}`;
  await login({ firstName: "Lena", lastName: "Park" });
  const appId = await buildAppFromIdea(page, "Yoga breaks for desk workers");
  await page.goto(`/dashboard/builder?appId=${appId}`);
  await page.getByRole("link", { name: "Media", exact: true }).click();
  await expect(page).toHaveURL(/mode=media/);
  await waitForHydration(page, testInfo.project.name);
  await expect(h1(page)).toHaveText(/: media library$/);
  await expect(page.getByText("No media yet. Upload a file or add a link above.")).toBeVisible();
  await expectNoAxeViolations(page);

  // A file whose name lies is refused by its content, and nothing is added.
  await page.getByLabel("File", { exact: true }).setInputFiles({
    name: "notes.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("just some text, not a PDF"),
  });
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "This file type is not supported" })).toBeVisible();
  await expect(page.locator(".media-card")).toHaveCount(0);
  // The page reloads its data after the refusal: let that end before leaving the page.
  await waitForIdle(page, testInfo.project.name);

  // Three real files at once (with JavaScript each one shows its progress).
  await page.goto(`/dashboard/builder?appId=${appId}&mode=media`);
  await waitForHydration(page, testInfo.project.name);
  await page.getByLabel("File", { exact: true }).setInputFiles([FILES.pdf, FILES.image, FILES.audio]);
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  if (isJs(testInfo.project.name))
    await expect(page.getByRole("progressbar", { name: "Uploading breathing.wav" })).toBeVisible();
  await expect(page.locator(".media-card")).toHaveCount(3, { timeout: 20_000 });

  for (const [url, type] of [
    [`${web}/article`, "A web page"],
    ["https://www.youtube.com/watch?v=deskFlow123", "Found from the address"],
    // A video file on the web (a real 12 s clip), known by its address's ending and read in ranges.
    [`${web}/video/lesson-1.mp4`, "Found from the address"],
  ] as const) {
    await page.getByLabel("Web address").fill(url);
    await page.getByLabel("It is").selectOption({ label: type });
    await page.getByRole("button", { name: "Add link" }).click();
    await expect(page.getByText(/ added$/).first()).toBeVisible();
    // The message shows with the action's answer, before the page's data has reloaded: a next
    // submission started meanwhile cuts that reload short (the router logs its aborted stream).
    await waitForIdle(page, testInfo.project.name);
  }
  await expect(page.locator(".media-card")).toHaveCount(6);

  // Every item gets its description (with JavaScript the page follows them; without, a reload does).
  await expect
    .poll(
      async () => {
        if (!isJs(testInfo.project.name)) await page.reload();
        return page.locator(".media-card__description--none").count();
      },
      { timeout: 45_000, intervals: [1_000, 2_000] },
    )
    .toBe(0);
  const card = (name: RegExp) => page.locator(".media-card").filter({ has: page.getByRole("heading", { name }) });
  await expect(card(/Desk stretches/)).toContainText(/stretch/i);
  await expect(card(/Box breathing|breathing\.wav/)).toContainText(/second|0:02/);
  await expect(card(/sunrise/)).toContainText(/64 × 36|64×36|landscape/i);
  await expect(card(/Desk yoga in five minutes/)).toContainText(/seated stretches|keyboard/i);
  await expect(card(/Seated yoga flow/)).toContainText(/seated yoga flow|5:12/i);
  await expect(card(/lesson-1\.mp4/)).toContainText("0:12");
  await expect(card(/lesson-1\.mp4/)).toContainText("Video");
  await expectNoAxeViolations(page);

  // Two topics; the PDF and the web page in one, the recording in the other.
  for (const name of ["Posture", "Breathing"]) {
    await page.getByLabel("New topic").fill(name);
    await page.getByRole("button", { name: "Create topic" }).click();
    await expect(page.getByRole("link", { name: new RegExp(`^${name} \\(0\\)$`) })).toBeVisible();
    await waitForIdle(page, testInfo.project.name);
  }
  const sort = async (item: RegExp, topic: string) => {
    const it = card(item);
    await it.locator("summary", { hasText: "Manage" }).click();
    await it.getByRole("combobox").selectOption({ label: topic });
    await it.getByRole("button", { name: /^Add .* to the topic$/ }).click();
    await expect(card(item).getByRole("list", { name: /^Topics of / })).toContainText(topic);
    await waitForIdle(page, testInfo.project.name);
  };
  await sort(/Desk stretches/, "Posture");
  await sort(/Desk yoga in five minutes/, "Posture");
  await sort(/Box breathing|breathing\.wav/, "Breathing");
  await waitForIdle(page, testInfo.project.name);
  await page.getByRole("link", { name: "Posture (2)" }).click();
  await expect(page.getByRole("heading", { name: "Topic: Posture" })).toBeVisible();
  await expect(page.locator(".media-card")).toHaveCount(2);
  await expectNoAxeViolations(page);
});
