/**
 * The profile photo on /account, JavaScript on and off: a real PNG uploaded through the form is
 * stored (R2) and shown from /media; a file that is not an image is refused with a message; the
 * photo can be removed.
 */
import { expect, expectNoAxeViolations, test, waitForHydration } from "./helpers";

// A 2x2 red PNG, made once here so the test needs no fixture file.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==",
  "base64",
);

test("upload a profile photo, see it served from /media, then remove it", async ({
  page,
  problems,
  login,
}, testInfo) => {
  problems.allowStatus(400);
  await login({ firstName: "Pia", lastName: "Photo" });
  await page.goto("/account");
  await waitForHydration(page, testInfo.project.name);
  const profile = page.getByRole("region", { name: "Profile" });

  // Not an image (a text file named .png): refused, nothing stored.
  await profile
    .getByLabel("Profile photo")
    .setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("just some text, not a picture") });
  await profile.getByRole("button", { name: "Save profile" }).click();
  await expect(profile.getByRole("alert")).toHaveText("The photo must be a PNG, JPEG, GIF or WebP image.");
  await expect(profile.getByRole("img", { name: "Your profile photo" })).toHaveCount(0);

  await profile.getByLabel("Profile photo").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG });
  await profile.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Your profile is saved.")).toBeVisible();
  const photo = page.getByRole("region", { name: "Profile" }).getByRole("img", { name: "Your profile photo" });
  await expect(photo).toBeVisible();
  const src = await photo.getAttribute("src");
  expect(src).toMatch(/^\/media\/profile-photos\//);
  const served = await page.request.get(src!);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("image/png");
  expect(Buffer.from(await served.body()).equals(PNG)).toBe(true);
  await expectNoAxeViolations(page);

  await page.getByRole("region", { name: "Profile" }).getByLabel("Remove my photo").check();
  await page.getByRole("region", { name: "Profile" }).getByRole("button", { name: "Save profile" }).click();
  await expect(
    page.getByRole("region", { name: "Profile" }).getByRole("img", { name: "Your profile photo" }),
  ).toHaveCount(0);
  expect((await page.request.get(src!)).status()).toBe(404);
});
