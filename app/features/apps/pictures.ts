/**
 * Where an app's picture came from, and what the creator is told about it (the requirement: pictures
 * made without a model are honest). A picture the product makes is stored under a name that says
 * who made it (./pictureName): a designed cover of the embedded default (the app's words set in type
 * in its theme's colours, no model) or a model's picture. A picture from the creator (an upload, a
 * library photo, an address they gave) is theirs. End users' pages show no label. Pure: the
 * dashboard, the builder and the build share it.
 */

export type PictureOrigin =
  /** The embedded default's designed cover: no model drew it. */
  | "cover"
  /** An image model's picture. */
  | "model"
  /** The creator's own: an upload, a photo of their media library, or an address they gave. */
  | "yours"
  /** Made by the product before its pictures said who made them (the embedded default's pattern, or a model's). */
  | "generated";

/** The name a made picture is stored under: its own name, marked with who made it. */
export const pictureName = (name: string, madeBy: "embedded" | "model") =>
  `${name}${madeBy === "embedded" ? "-cover" : "-ai"}`;

const UPLOADED = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.\w+$/;

/** Who made the picture at `url` (a landing page's, or a media library item's); null without one. */
export function pictureOrigin(url: string | null | undefined): PictureOrigin | null {
  if (!url) return null;
  const made = /^\/media\/app-images\/[^/]+\/([^/]+)$/.exec(url);
  if (!made) return "yours";
  const file = made[1]!;
  if (/-cover\.\w+$/.test(file)) return "cover";
  if (/-ai\.\w+$/.test(file)) return "model";
  // The landing editor stores an upload under a fresh id; the product's own pictures are named for the app.
  return UPLOADED.test(file) ? "yours" : "generated";
}

/**
 * Who made a media library image, from its metadata: generateAppImage records the provider and model
 * of a picture it made (features/media/generate-image.server.ts); an upload has neither (null).
 */
export function mediaPictureOrigin(metadata: Record<string, unknown> | null | undefined): PictureOrigin | null {
  if (typeof metadata?.provider !== "string") return null;
  if (metadata.provider !== "embedded") return "model";
  // The embedded default's painter before covers drew a pattern, not a cover.
  return metadata.model === "embedded-procedural-png-v1" ? "generated" : "cover";
}

/** What the creator is told about a picture, given whether a model is connected now. */
export function pictureLabel(origin: PictureOrigin, modelConnected: boolean): string {
  switch (origin) {
    case "cover":
      return modelConnected
        ? "Designed cover (the AI model did not make it)"
        : "Designed cover (no AI model connected)";
    case "model":
      return "AI picture";
    case "yours":
      return "Your photo";
    case "generated":
      return modelConnected ? "Generated picture" : "Made without an AI model";
  }
}

/** What the product makes when asked for a new picture: a designed cover without a model, a model's picture with one. */
export const newPictureKind = (modelConnected: boolean) => (modelConnected ? "AI picture" : "designed cover");
