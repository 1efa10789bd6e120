// Pictures without a model are honest, and with one they follow the prompt. Without a model the
// embedded default designs a cover: the caller's words set in type on shapes in the theme's colours,
// the same for the same words, readable (the text's contrast), at the size asked for (within 960 px).
// With a model: gpt-image-1 is asked for the nearest of the sizes it takes and never sent the
// `response_format` it refuses, FLUX's answer is measured rather than assumed, the theme's colours
// reach the model in its prompt, and the prompt is the caller's. The stand-ins hold the providers to
// their wire formats (tests/tools/ai-stand-in.mjs). COVER_DIR=/tmp/covers writes the covers to look at.
import { writeFileSync } from "node:fs";
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newAppFromIdea } from "~/features/apps/defaults";
import { mediaPictureOrigin, pictureLabel, pictureName, pictureOrigin } from "~/features/apps/pictures";
import { coverWords, imagePrompt } from "~/features/builder/landing/images";
import { createAi } from "~/platform/adapters/ai/ai.server";
import { embeddedProvider } from "~/platform/adapters/ai/embedded.server";
import { contrastOf, coverPalette, paintCover } from "~/platform/adapters/ai/embedded/cover";
import { imageFacts } from "~/platform/adapters/ai/embedded/measure";
import { decodePng } from "~/platform/adapters/ai/embedded/png";
import { openAiImageSize, openAiProvider } from "~/platform/adapters/ai/openai.server";
import { WORKERS_AI_MODELS } from "~/platform/adapters/ai/models";
import { promptWithPalette } from "~/platform/adapters/ai/sdk-provider";
import { workersAiProvider } from "~/platform/adapters/ai/workers-ai.server";
import { ItemLivePreview } from "~/routes/dashboard.builder/blueprint-live";
import { startOpenAiStandIn, workersAiStandIn } from "../tools/ai-stand-in.mjs";

const PALETTE = ["#6d28d9", "#f0abfc", "#ffffff"];
const YOGA = { kicker: "Yoga", title: "Yoga for Desk Workers", subtitle: "A yoga plan made for desk workers" };

const rgbOf = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
/** How many pixels of the picture are within 3 of the colour in each channel. */
function pixelsOf(picture: { rgb: Uint8Array }, [r, g, b]: [number, number, number]) {
  let n = 0;
  for (let i = 0; i < picture.rgb.length; i += 3)
    if (
      Math.abs(picture.rgb[i]! - r) <= 3 &&
      Math.abs(picture.rgb[i + 1]! - g) <= 3 &&
      Math.abs(picture.rgb[i + 2]! - b) <= 3
    )
      n++;
  return n;
}
const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));

describe("the designed cover (no model)", () => {
  it("is a PNG of the size asked for, within 960 px, through the embedded provider", async () => {
    const ai = createAi({ provider: embeddedProvider, timeoutMs: 5_000 });
    const hero = await ai.image({ task: "landing-image-hero", prompt: "p", width: 1200, height: 630, cover: YOGA });
    expect(hero.value).toMatchObject({ contentType: "image/png", width: 960, height: 504 });
    expect(imageFacts(hero.value.bytes)).toEqual({ format: "PNG", width: 960, height: 504 });
    const square = await ai.image({ task: "activity-image", prompt: "p", width: 768, height: 768, cover: YOGA });
    expect(imageFacts(square.value.bytes)).toEqual({ format: "PNG", width: 768, height: 768 });
    const tall = await ai.image({ task: "app-image", prompt: "p", width: 720, height: 1280, cover: YOGA });
    expect(imageFacts(tall.value.bytes)).toEqual({ format: "PNG", width: 540, height: 960 });
    expect(await decodePng(tall.value.bytes)).toMatchObject({ width: 540, height: 960 });
  });

  it("is the same for the same words, and another for another title, subtitle, kicker or variant", async () => {
    const a = await paintCover(YOGA, 480, 252, PALETTE);
    expect(same(a, await paintCover({ ...YOGA }, 480, 252, PALETTE))).toBe(true);
    for (const other of [
      { ...YOGA, title: "Chess Openings for Club Players" },
      { ...YOGA, subtitle: "Ten minutes at your desk" },
      { ...YOGA, kicker: "Mobility" },
      { ...YOGA, variant: "a1b2c3d4" },
    ])
      expect(same(a, await paintCover(other, 480, 252, PALETTE))).toBe(false);
  });

  it("is painted in the theme's colours: its field, the accent's shapes and the background's", async () => {
    for (const [i, idea] of ["yoga for desk workers", "Half marathon training for busy parents"].entries()) {
      const app = await newAppFromIdea(idea);
      const palette = [app.theme.primaryColor, app.theme.accentColor, app.theme.backgroundColor];
      const words = coverWords({ appName: app.name, domain: app.blueprint.topic, page: app.landingPage, slot: "hero" });
      const png = await paintCover(words, 960, 504, palette);
      if (process.env.COVER_DIR) writeFileSync(`${process.env.COVER_DIR}/cover-${i}.png`, png);
      const picture = (await decodePng(png))!;
      const colours = coverPalette(palette);
      const total = picture.width * picture.height;
      // The field (the primary colour, deepened only as far as the text needs) is most of the picture.
      expect(pixelsOf(picture, colours.field) + pixelsOf(picture, colours.deep)).toBeGreaterThan(total * 0.05);
      expect(contrastOf(colours.field, rgbOf(app.theme.primaryColor))).toBeLessThan(1.6);
      // The accent's shapes and the background's are there, and so are the words (the text's colour).
      expect(pixelsOf(picture, colours.accent)).toBeGreaterThan(total * 0.02);
      expect(pixelsOf(picture, colours.paper)).toBeGreaterThan(200);
      expect(pixelsOf(picture, colours.text)).toBeGreaterThan(total * 0.01);
    }
  });

  it("sets its words in a colour that reads on its field (4.5:1), whatever the theme", () => {
    for (const palette of [
      ["#6d28d9", "#f0abfc", "#ffffff"],
      ["#f2e641", "#2b2d42", "#fffdf0"],
      ["#7f7f7f", "#808080", "#7f7f7f"],
      ["#ffffff", "#ffffff", "#ffffff"],
      ["#000000", "#111111", "#000000"],
      ["#22aa88", "#22aa88", "#f4f4f4"],
    ]) {
      const colours = coverPalette(palette);
      expect(contrastOf(colours.text, colours.field)).toBeGreaterThanOrEqual(4.5);
      // The shapes stand apart from the field.
      expect(contrastOf(colours.accent, colours.field)).toBeGreaterThanOrEqual(1.5);
    }
  });

  it("has words in the text area: ink where the title is, none in the margin", async () => {
    const png = await paintCover({ title: "Knots" }, 960, 504, ["#1f2937", "#f59e0b", "#ffffff"]);
    const picture = (await decodePng(png))!;
    const white = (x0: number, x1: number, y0: number, y1: number) => {
      let n = 0;
      for (let y = y0; y < y1; y++)
        for (let x = x0; x < x1; x++) {
          const at = (y * picture.width + x) * 3;
          if (picture.rgb[at]! > 240 && picture.rgb[at + 1]! > 240 && picture.rgb[at + 2]! > 240) n++;
        }
      return n;
    };
    // The title sits in the left half, inside the margin (9% of the height).
    expect(white(45, 540, 45, 460)).toBeGreaterThan(1_500);
    expect(white(0, 40, 0, 504)).toBe(0);
  });

  it("without a cover's words, the embedded default paints an abstract backdrop (no words asked, none set)", async () => {
    const signal = new AbortController().signal;
    const backdrop = await embeddedProvider.image({ prompt: "A soft backdrop", width: 430, height: 880, signal });
    expect(backdrop).toMatchObject({ width: 430, height: 880, contentType: "image/png" });
  });
});

describe("the cover's words for a landing slot", () => {
  it("the hero: the app's name over its practice, and the first sentence of what the hero says", async () => {
    const app = await newAppFromIdea("yoga for desk workers");
    const hero = coverWords({ appName: app.name, domain: "Yoga", page: app.landingPage, slot: "hero" });
    expect(hero).toEqual({
      kicker: "Yoga",
      title: "Yoga for Desk Workers",
      subtitle: "A yoga plan made for desk workers",
      variant: undefined,
    });
    const benefits = coverWords({ appName: app.name, domain: "Yoga", page: app.landingPage, slot: "benefits" });
    expect(benefits.kicker).toBe("What you gain");
    expect(benefits.title).toBe(app.landingPage.benefits[0]!.title);
    const steps = coverWords({ appName: app.name, domain: null, page: app.landingPage, slot: "howItWorks" });
    expect(steps.title).toBe(app.landingPage.howItWorks[0]!.title);
  });

  it("a model's prompt is the app's own: its name, practice, idea and what the hero says", async () => {
    const app = await newAppFromIdea("Beekeeping for city dwellers");
    const prompt = imagePrompt({
      appName: app.name,
      idea: "Beekeeping for city dwellers",
      domain: app.blueprint.topic,
      page: app.landingPage,
      slot: "hero",
      instructions: "",
    });
    expect(prompt).toContain("Beekeeping for City Dwellers");
    expect(prompt).toContain(`a ${app.blueprint.topic} app`);
    expect(prompt).toContain("The app: Beekeeping for city dwellers");
    expect(prompt).toContain(app.landingPage.hero.subtitle.slice(0, 60));
  });
});

describe("who made a picture, as the creator is told", () => {
  it("a stored name says it; an upload, a library photo or an address is the creator's", () => {
    expect(pictureName("app-1-hero", "embedded")).toBe("app-1-hero-cover");
    expect(pictureName("app-1-hero", "model")).toBe("app-1-hero-ai");
    expect(pictureOrigin("/media/app-images/u1/app-1-hero-cover.png")).toBe("cover");
    expect(pictureOrigin("/media/app-images/u1/app-1-hero-ai.jpg")).toBe("model");
    expect(pictureOrigin("/media/app-images/app-1/0b6e1d2c-3f4a-4b5c-8d9e-0f1a2b3c4d5e.jpg")).toBe("yours");
    expect(pictureOrigin("/media/app-media/app-1/0b6e1d2c-3f4a-4b5c-8d9e-0f1a2b3c4d5e.jpg")).toBe("yours");
    expect(pictureOrigin("https://example.com/me.jpg")).toBe("yours");
    expect(pictureOrigin("/media/app-images/u1/app-1-hero.png")).toBe("generated");
    expect(pictureOrigin(null)).toBeNull();
  });

  it("labels: a designed cover says no model made it; a model's is an AI picture; the creator's is theirs", () => {
    expect(pictureLabel("cover", false)).toBe("Designed cover (no AI model connected)");
    expect(pictureLabel("cover", true)).toBe("Designed cover (the AI model did not make it)");
    expect(pictureLabel("model", true)).toBe("AI picture");
    expect(pictureLabel("yours", false)).toBe("Your photo");
    expect(pictureLabel("generated", false)).toBe("Made without an AI model");
  });

  it("the blueprint's live preview says what an activity's image card makes", () => {
    const text =
      '[input photo] A photo of your route\n---\n[image "Your route" reads 1]\nDraw the route as a postcard.';
    const shown = (modelConnected: boolean) =>
      renderToString(h(ItemLivePreview, { kind: "activity", title: "Run", text, modelConnected })).replaceAll(
        "<!-- -->",
        "",
      );
    expect(shown(false)).toContain("Designed cover (no AI model connected): Your route");
    expect(shown(false)).not.toContain("AI picture");
    expect(shown(true)).toContain("AI picture: Your route");
  });

  it("a library image generateAppImage made says who made it; an upload says nothing", () => {
    expect(mediaPictureOrigin({ provider: "embedded", model: "embedded-designed-cover-v1" })).toBe("cover");
    expect(mediaPictureOrigin({ provider: "embedded", model: "embedded-procedural-png-v1" })).toBe("generated");
    expect(mediaPictureOrigin({ provider: "openai", model: "gpt-image-1" })).toBe("model");
    expect(mediaPictureOrigin({ width: 10 })).toBeNull();
    expect(mediaPictureOrigin(null)).toBeNull();
  });
});

describe("with a model, images follow the prompt", () => {
  it("gpt-image-1 is asked for the nearest of its three sizes; dall-e-3 and dall-e-2 for theirs; another model for the size", () => {
    const gpt = (w: number, h: number) => openAiImageSize("gpt-image-1", w, h);
    expect(gpt(1200, 630)).toBe("1536x1024");
    expect(gpt(800, 600)).toBe("1536x1024");
    expect(gpt(768, 768)).toBe("1024x1024");
    expect(gpt(1024, 1024)).toBe("1024x1024");
    expect(gpt(720, 1280)).toBe("1024x1536");
    expect(gpt(430, 880)).toBe("1024x1536");
    expect(openAiImageSize("gpt-image-1-mini", 1200, 630)).toBe("1536x1024");
    expect(openAiImageSize("dall-e-3", 1200, 630)).toBe("1792x1024");
    expect(openAiImageSize("dall-e-2", 300, 300)).toBe("512x512");
    expect(openAiImageSize("dall-e-2", 1200, 630)).toBe("1024x1024");
    expect(openAiImageSize("sdxl-local", 1200, 630)).toBe("1200x630");
  });

  it("the theme's colours are words of the prompt, after the caller's own", () => {
    expect(promptWithPalette("A runner at sunrise", ["#1A5C8A", "#ff7a59", "#ffffff"])).toBe(
      "A runner at sunrise. In a palette of #1a5c8a, #ff7a59 and #ffffff.",
    );
    expect(promptWithPalette("A runner at sunrise.", ["#1a5c8a", "#1a5c8a"])).toBe(
      "A runner at sunrise. In a palette of #1a5c8a.",
    );
    expect(promptWithPalette("A runner", [])).toBe("A runner");
    expect(promptWithPalette("A runner", ["red", "#12345"])).toBe("A runner");
    expect(promptWithPalette("x", ["#000001", "#000002", "#000003", "#000004", "#000005"])).toBe(
      "x. In a palette of #000001, #000002, #000003 and #000004.",
    );
  });

  describe("through the OpenAI-compatible provider (its stand-in refuses what OpenAI refuses)", () => {
    let openai: Awaited<ReturnType<typeof startOpenAiStandIn>>;
    beforeAll(async () => {
      openai = await startOpenAiStandIn();
    });
    afterAll(() => openai.close());
    const images = () => openai.requests.filter((r) => r.path === "/v1/images/generations");

    it("gpt-image-1: a landing hero asks 1536x1024 without response_format, and its real size is recorded", async () => {
      openai.requests.length = 0;
      const ai = createAi({
        provider: openAiProvider({ baseUrl: openai.url, apiKey: openai.apiKey, model: "chat" }),
        timeoutMs: 5_000,
      });
      const prompt = imagePrompt({
        appName: "Half Marathon Training for Busy Parents",
        idea: "Half marathon training for busy parents",
        domain: "running",
        page: (await newAppFromIdea("Half marathon training for busy parents")).landingPage,
        slot: "hero",
        instructions: "",
      });
      const hero = await ai.image({
        task: "landing-image-hero",
        prompt,
        width: 1200,
        height: 630,
        palette: ["#c2410c", "#fdba74", "#ffffff"],
        cover: { title: "Half Marathon Training for Busy Parents" },
      });
      // Answered by the model, not the embedded fallback.
      expect(hero).toMatchObject({ provider: "openai", model: "gpt-image-1", fallbackReason: null });
      expect(hero.value).toMatchObject({ width: 1536, height: 1024 });
      expect(imageFacts(hero.value.bytes)).toMatchObject({ width: 1536, height: 1024 });
      const [sent] = images();
      expect(sent!.body).toEqual({
        model: "gpt-image-1",
        prompt: `${prompt} In a palette of #c2410c, #fdba74 and #ffffff.`,
        n: 1,
        size: "1536x1024",
      });
      // The caller's words, not a generic prompt, and never the cover's.
      expect(sent!.body.prompt).toMatch(/^a wide welcoming hero picture for the landing page of Half Marathon/);
    });

    it("another model on the endpoint is asked for the size itself, as the SDK sends it", async () => {
      openai.requests.length = 0;
      const ai = createAi({
        provider: openAiProvider({ baseUrl: openai.url, apiKey: openai.apiKey, model: "chat", imageModel: "sdxl" }),
        timeoutMs: 5_000,
      });
      const image = await ai.image({ task: "app-image", prompt: "A kettlebell", width: 1200, height: 630 });
      expect(image.provider).toBe("openai");
      expect(images()[0]!.body).toMatchObject({ model: "sdxl", size: "1200x630", response_format: "b64_json" });
      // The stand-in's picture for it is 2 × 2: that is what is recorded, not the size asked for.
      expect(image.value).toMatchObject({ width: 2, height: 2 });
    });
  });

  it("Workers AI (FLUX): no size sent, the prompt with the palette, and the answer's own size recorded", async () => {
    const workers = workersAiStandIn();
    const ai = createAi({ provider: workersAiProvider(workers), timeoutMs: 5_000 });
    const image = await ai.image({
      task: "landing-image-hero",
      prompt: "A calm desk by a window",
      width: 1200,
      height: 630,
      palette: ["#6d28d9", "#f0abfc"],
      cover: { title: "Yoga for Desk Workers" },
    });
    expect(image).toMatchObject({ provider: "workers-ai", fallbackReason: null });
    const [call] = workers.calls;
    expect(call!.model).toBe(WORKERS_AI_MODELS.image);
    expect(call!.input.prompt).toBe("A calm desk by a window. In a palette of #6d28d9 and #f0abfc.");
    expect(call!.input.width).toBeUndefined();
    expect(call!.input.height).toBeUndefined();
    // FLUX draws its own size: the stand-in's 2 × 2, not the 1200 × 630 asked for.
    expect(image.value).toMatchObject({ width: 2, height: 2 });
  });
});
