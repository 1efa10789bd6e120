/**
 * What an uploaded file really is, from its first bytes (its "magic"), never from its name or the
 * type the browser claims: a renamed file is refused or stored as what it is. Pure, so the unit tests
 * feed it bytes. The media library (issue 20) takes images, audio, video and PDF, each with a size
 * limit (MEDIA_MAX_BYTES).
 */

export type UploadKind = "image" | "audio" | "video" | "pdf";

export interface Sniffed {
  kind: UploadKind;
  contentType: string;
  ext: string;
}

/**
 * The largest file of each kind. A Worker reads a multipart upload whole into memory (an isolate has
 * 128 MB, and the body and the stored copy can be alive at once) and Cloudflare's free plan caps a
 * request body at 100 MB, so no kind goes past 50 MB. Longer recordings belong on a podcast or a
 * channel, added as a link.
 */
export const MEDIA_MAX_BYTES: Record<UploadKind, number> = {
  image: 10 * 1024 * 1024,
  audio: 50 * 1024 * 1024,
  video: 50 * 1024 * 1024,
  pdf: 25 * 1024 * 1024,
};

/** Room for the multipart envelope around the largest file: a bigger request is refused unread. */
export const MAX_UPLOAD_REQUEST_BYTES = Math.max(...Object.values(MEDIA_MAX_BYTES)) + 1024 * 1024;

/** How many leading bytes sniffMedia looks at (WebM names its tracks' codecs within them). */
export const SNIFF_BYTES = 64 * 1024;

const KIND_WORDS: Record<UploadKind, string> = {
  image: "An image",
  audio: "An audio file",
  video: "A video",
  pdf: "A PDF",
};

export const uploadMessages = {
  unknownType:
    "This file type is not supported: upload an image (PNG, JPEG, GIF, WebP), audio (MP3, WAV, Ogg, M4A, FLAC, WebM), a video (MP4, WebM, MOV) or a PDF.",
  empty: "The file is empty.",
  tooLarge: (kind: UploadKind) => `${KIND_WORDS[kind]} can be at most ${megabytes(MEDIA_MAX_BYTES[kind])}.`,
  requestTooLarge: `The upload is too large: no file can be more than ${megabytes(MAX_UPLOAD_REQUEST_BYTES - 1024 * 1024)}.`,
} as const;

export function megabytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}

const ascii = (b: Uint8Array, at: number, text: string) =>
  b.length >= at + text.length && [...text].every((c, i) => b[at + i] === c.charCodeAt(0));

/** An MPEG audio frame header (MPEG 1/2/2.5, layer I–III) with a real bitrate and sample rate. */
function mpegFrame(b: Uint8Array, at = 0): boolean {
  if (b.length < at + 4 || b[at] !== 0xff || (b[at + 1]! & 0xe0) !== 0xe0) return false;
  const version = (b[at + 1]! >> 3) & 0x03; // 01 is reserved
  const layer = (b[at + 1]! >> 1) & 0x03; // 00 is reserved (it is AAC's ADTS)
  const bitrate = b[at + 2]! >> 4; // 1111 is invalid
  const rate = (b[at + 2]! >> 2) & 0x03; // 11 is reserved
  return version !== 1 && layer !== 0 && bitrate !== 0x0f && rate !== 3;
}

/** The ISO base media (MP4, M4A, MOV) file type box's major brand, or null. */
function ftypBrand(b: Uint8Array): string | null {
  if (!ascii(b, 4, "ftyp") || b.length < 12) return null;
  return String.fromCharCode(b[8]!, b[9]!, b[10]!, b[11]!);
}

const AUDIO_BRANDS = new Set(["M4A ", "M4B ", "M4P ", "F4A ", "F4B "]);
const VIDEO_BRANDS = new Set([
  "isom",
  "iso2",
  "iso4",
  "iso5",
  "iso6",
  "mp41",
  "mp42",
  "avc1",
  "av01",
  "dash",
  "MSNV",
  "M4V ",
  "M4VH",
  "M4VP",
  "F4V ",
  "3gp4",
  "3gp5",
  "3gp6",
  "3g2a",
  "mmp4",
]);

/** Whether any of a Matroska/WebM header's CodecIDs (element 0x86) names a video codec ("V_…"). */
function webmHasVideo(b: Uint8Array): boolean | null {
  let audio = false;
  for (let i = 0; i + 4 < b.length; i++) {
    if (b[i] !== 0x86) continue;
    const size = b[i + 1]! & 0x7f; // a one-byte EBML size (0x80 | n): codec ids are short
    if ((b[i + 1]! & 0x80) === 0 || size < 3 || size > 32) continue;
    if (b[i + 2] === 0x56 /* V */ && b[i + 3] === 0x5f) return true;
    if (b[i + 2] === 0x41 /* A */ && b[i + 3] === 0x5f) audio = true;
  }
  return audio ? false : null;
}

/** The media kind and type the bytes really are, or null when they are none the library takes. */
export function sniffMedia(b: Uint8Array): Sniffed | null {
  if (b.length < 4) return null;
  // Images.
  if (ascii(b, 0, "\x89PNG\r\n\x1a\n")) return { kind: "image", contentType: "image/png", ext: "png" };
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return { kind: "image", contentType: "image/jpeg", ext: "jpg" };
  if (ascii(b, 0, "GIF87a") || ascii(b, 0, "GIF89a")) return { kind: "image", contentType: "image/gif", ext: "gif" };
  if (ascii(b, 0, "RIFF") && ascii(b, 8, "WEBP")) return { kind: "image", contentType: "image/webp", ext: "webp" };
  // PDF.
  if (ascii(b, 0, "%PDF-")) return { kind: "pdf", contentType: "application/pdf", ext: "pdf" };
  // Audio.
  if (ascii(b, 0, "RIFF") && ascii(b, 8, "WAVE")) return { kind: "audio", contentType: "audio/wav", ext: "wav" };
  if (ascii(b, 0, "ID3") && b[3]! < 0xff) return { kind: "audio", contentType: "audio/mpeg", ext: "mp3" };
  if (mpegFrame(b)) return { kind: "audio", contentType: "audio/mpeg", ext: "mp3" };
  if (ascii(b, 0, "OggS")) return { kind: "audio", contentType: "audio/ogg", ext: "ogg" };
  if (ascii(b, 0, "fLaC")) return { kind: "audio", contentType: "audio/flac", ext: "flac" };
  // ISO base media: M4A audio, MOV and MP4 video.
  const brand = ftypBrand(b);
  if (brand && AUDIO_BRANDS.has(brand)) return { kind: "audio", contentType: "audio/mp4", ext: "m4a" };
  if (brand === "qt  ") return { kind: "video", contentType: "video/quicktime", ext: "mov" };
  if (brand && VIDEO_BRANDS.has(brand)) return { kind: "video", contentType: "video/mp4", ext: "mp4" };
  // WebM (an EBML header whose DocType is 'webm'): video when a track's codec is a video one.
  if (b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3) {
    const docTypeIsWebm = [...Array(Math.min(b.length, 64)).keys()].some((i) => ascii(b, i, "webm"));
    if (!docTypeIsWebm) return null;
    return webmHasVideo(b) === false
      ? { kind: "audio", contentType: "audio/webm", ext: "weba" }
      : { kind: "video", contentType: "video/webm", ext: "webm" };
  }
  return null;
}

/** Why a file of this sniffed kind and size cannot be stored, or null when it can. */
export function uploadProblem(sniffed: Sniffed | null, size: number): string | null {
  if (size === 0) return uploadMessages.empty;
  if (!sniffed) return uploadMessages.unknownType;
  if (size > MEDIA_MAX_BYTES[sniffed.kind]) return uploadMessages.tooLarge(sniffed.kind);
  return null;
}
