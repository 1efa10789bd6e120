/**
 * The embedded default: the AI layer's provider when no model is configured, and the fallback of
 * every call. It does the work locally and says what it did:
 * - structured text: the calling feature's own generator (request.local), which builds from the
 *   creator's words and the practice taxonomy (./embedded/taxonomy);
 * - images: a designed cover when the caller gives its words (the title, and a subtitle and kicker,
 *   set in type on flat shapes in the theme's colours: ./embedded/cover.ts), else an abstract
 *   backdrop in those colours (./embedded/png.ts); never a picture of what the prompt describes;
 * - images read: format and dimensions; speech: the recording's format and length, and that no
 *   speech model is configured to transcribe it.
 */
import { EMBEDDED_MODELS } from "./models";
import { audioFacts, imageFacts } from "./embedded/measure";
import { paintCover } from "./embedded/cover";
import { paintPrompt } from "./embedded/png";
import { ProviderError, type AiProvider } from "./provider";

/** Large enough to look good as a landing image, small enough to paint in a few ms. */
const MAX_SIDE = 960;

export const embeddedProvider: AiProvider = {
  name: "embedded",
  model: (work) => EMBEDDED_MODELS[work],

  // Awaited here, not handed on: a generator's rejection then has its handler at once (a returned
  // promise is adopted a tick later, and workerd reports the rejection as unhandled meanwhile).
  structured: async ({ local }) => await local(),

  async image({ prompt, width, height, palette = [], cover }) {
    const scale = Math.min(1, MAX_SIDE / Math.max(width, height));
    const w = Math.max(16, Math.round(width * scale));
    const h = Math.max(16, Math.round(height * scale));
    const bytes = cover ? await paintCover(cover, w, h, palette) : await paintPrompt(prompt, w, h, palette);
    return { bytes, contentType: "image/png", width: w, height: h };
  },

  async describeImage({ bytes }) {
    const facts = imageFacts(bytes);
    if (!facts) throw new ProviderError("The file is not a PNG, JPEG, GIF or WebP image");
    const shape =
      facts.width > facts.height * 1.1 ? "landscape" : facts.height > facts.width * 1.1 ? "portrait" : "square";
    return `A ${shape} ${facts.format} image, ${facts.width} × ${facts.height} pixels (${Math.round(bytes.length / 1024)} KB).`;
  },

  async transcribe({ bytes, contentType }) {
    const facts = audioFacts(bytes, contentType);
    const length = facts.seconds === null ? "" : `${facts.seconds.toFixed(1)}-second `;
    return `A ${length}${facts.format} recording (${Math.round(bytes.length / 1024)} KB). No speech model is configured, so it was not transcribed.`;
  },
};
