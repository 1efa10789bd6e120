/**
 * What an audio or video file says about itself, read from its container without decoding a
 * frame: length, format, codecs, picture size, sample rate, and the title and artist when tagged.
 * Small parsers for the containers creators upload: MP4/M4A/MOV (mvhd, tracks, iTunes ©nam/©ART),
 * WebM/Matroska (Duration × TimecodeScale, tracks, Title), WAV (fmt and data, LIST INFO), MP3
 * (ID3v2 tags; Xing/Info or VBRI frame counts, else bitrate × size), Ogg Vorbis/Opus (the last
 * page's granule position over the sample rate, comment tags) and FLAC (STREAMINFO).
 *
 * They read through a ByteSource, so a file in R2 or behind a URL is read in ranges: the first
 * HEAD_BYTES, an MP4's moov box wherever it is, an Ogg file's last page. Pure otherwise.
 */

export interface MediaFacts {
  /** "MP4", "M4A", "QuickTime", "WebM", "Matroska", "WAV", "MP3", "Ogg", "FLAC". */
  container: string;
  hasVideo: boolean;
  hasAudio: boolean;
  durationSeconds: number | null;
  videoCodec?: string;
  audioCodec?: string;
  width?: number;
  height?: number;
  sampleRate?: number;
  channels?: number;
  /** Average, when the container says or it follows from size and length. */
  bitrateKbps?: number;
  title?: string;
  artist?: string;
  album?: string;
}

/** A file read in ranges; a read past what is available answers fewer bytes (or none). */
export interface ByteSource {
  /** Total bytes, when known. */
  size: number | null;
  read(offset: number, length: number): Promise<Uint8Array>;
}

export const HEAD_BYTES = 512 * 1024;
const TAIL_BYTES = 64 * 1024;
const MAX_MOOV_BYTES = 16 * 1024 * 1024;

/** A whole file in memory as a ByteSource (tests, small downloads). */
export function memorySource(bytes: Uint8Array, size: number | null = bytes.length): ByteSource {
  return { size, read: async (offset, length) => bytes.subarray(offset, offset + length) };
}

// ---- byte helpers -------------------------------------------------------------------------------

const ascii = (b: Uint8Array, at: number, n: number) => {
  let s = "";
  for (let i = at; i < at + n && i < b.length; i++) s += String.fromCharCode(b[i]);
  return s;
};
const u16 = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1];
const u16le = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
const u24 = (b: Uint8Array, at: number) => (b[at] << 16) | (b[at + 1] << 8) | b[at + 2];
const u32 = (b: Uint8Array, at: number) => ((b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]) >>> 0;
const u32le = (b: Uint8Array, at: number) => (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24)) >>> 0;
const u64 = (b: Uint8Array, at: number) => u32(b, at) * 2 ** 32 + u32(b, at + 4);
const u64le = (b: Uint8Array, at: number) => u32le(b, at + 4) * 2 ** 32 + u32le(b, at);
const utf8 = (b: Uint8Array) => new TextDecoder("utf-8", { fatal: false }).decode(b);
const latin1 = (b: Uint8Array) => ascii(b, 0, b.length);
/** UTF-16 by hand: not every runtime's TextDecoder knows big-endian. */
function utf16(b: Uint8Array, bigEndian: boolean): string {
  let s = "";
  for (let i = 0; i + 1 < b.length; i += 2) s += String.fromCharCode(bigEndian ? u16(b, i) : u16le(b, i));
  return s;
}
const clean = (text: string | undefined) => {
  // eslint-disable-next-line no-control-regex -- tags end in NULs and may carry control characters
  const value = text?.replace(/[\u0000-\u001f]+/g, " ").trim();
  return value ? value.slice(0, 300) : undefined;
};
const finite = (n: number) => (Number.isFinite(n) && n > 0 ? n : null);

function withBitrate(facts: MediaFacts, size: number | null): MediaFacts {
  if (facts.bitrateKbps || !size || !facts.durationSeconds) return facts;
  return { ...facts, bitrateKbps: Math.round((size * 8) / facts.durationSeconds / 1000) };
}

// ---- MP4 / M4A / MOV ----------------------------------------------------------------------------

interface Box {
  type: string;
  /** Where the box's content starts and ends, in the buffer it was read from. */
  start: number;
  end: number;
}

/** The boxes in b[from, to), each with its content's bounds (a size-0 box runs to `to`). */
function boxes(b: Uint8Array, from = 0, to = b.length): Box[] {
  const out: Box[] = [];
  let at = from;
  while (at + 8 <= to) {
    let size = u32(b, at);
    const type = ascii(b, at + 4, 4);
    let header = 8;
    if (size === 1) {
      if (at + 16 > to) break;
      size = u64(b, at + 8);
      header = 16;
    } else if (size === 0) size = to - at;
    if (size < header) break;
    out.push({ type, start: at + header, end: Math.min(to, at + size) });
    at += size;
  }
  return out;
}

const child = (b: Uint8Array, box: Box | undefined, type: string, skip = 0) =>
  box ? boxes(b, box.start + skip, box.end).find((c) => c.type === type) : undefined;
const path = (b: Uint8Array, box: Box | undefined, ...types: string[]) =>
  types.reduce<Box | undefined>((at, type) => child(b, at, type), box);

const MP4_CODECS: Record<string, string> = {
  avc1: "H.264",
  avc3: "H.264",
  hvc1: "H.265",
  hev1: "H.265",
  av01: "AV1",
  vp09: "VP9",
  vp08: "VP8",
  mp4v: "MPEG-4 Visual",
  mp4a: "AAC",
  Opus: "Opus",
  "ac-3": "AC-3",
  "ec-3": "E-AC-3",
  fLaC: "FLAC",
  alac: "ALAC",
  ".mp3": "MP3",
  apcn: "ProRes",
  apch: "ProRes",
};

/** The iTunes-style tag ©nam/©ART/©alb of a moov's udta/meta/ilst, when simple text. */
function ilstText(b: Uint8Array, moov: Box, tag: string): string | undefined {
  const udta = child(b, moov, "udta");
  const metaBox = child(b, udta, "meta");
  if (!metaBox) return undefined;
  // ISO meta is a full box (4 bytes of version and flags before its children); QuickTime's is not.
  const skip = u32(b, metaBox.start) === 0 ? 4 : 0;
  const ilst = child(b, metaBox, "ilst", skip);
  const item = child(b, ilst, tag);
  const data = child(b, item, "data");
  // data: type (4), locale (4), then the value; type 1 is UTF-8.
  if (!data || u32(b, data.start) !== 1) return undefined;
  return clean(utf8(b.subarray(data.start + 8, data.end)));
}

/** Facts from a moov box's bytes (the box itself, header included). */
export function parseMoov(b: Uint8Array): Omit<MediaFacts, "container"> {
  const moov = boxes(b).find((box) => box.type === "moov");
  const facts: Omit<MediaFacts, "container"> = { hasVideo: false, hasAudio: false, durationSeconds: null };
  if (!moov) return facts;
  const mvhd = child(b, moov, "mvhd");
  if (mvhd) {
    const v1 = b[mvhd.start] === 1;
    const scale = u32(b, mvhd.start + (v1 ? 20 : 12));
    const duration = v1 ? u64(b, mvhd.start + 24) : u32(b, mvhd.start + 16);
    facts.durationSeconds = scale ? finite(duration / scale) : null;
  }
  for (const trak of boxes(b, moov.start, moov.end).filter((box) => box.type === "trak")) {
    const hdlr = path(b, trak, "mdia", "hdlr");
    const handler = hdlr ? ascii(b, hdlr.start + 8, 4) : "";
    const stsd = path(b, trak, "mdia", "minf", "stbl", "stsd");
    // stsd: version and flags (4), entry count (4), then the first sample entry: size (4), format (4).
    const entry = stsd ? stsd.start + 8 : -1;
    const format = entry > 0 ? ascii(b, entry + 4, 4) : "";
    const codec = MP4_CODECS[format] ?? (format.trim() || undefined);
    if (handler === "vide" && !facts.hasVideo) {
      facts.hasVideo = true;
      facts.videoCodec = codec;
      const tkhd = child(b, trak, "tkhd");
      if (tkhd) {
        const at = tkhd.start + (b[tkhd.start] === 1 ? 88 : 76);
        const width = Math.round(u32(b, at) / 65536);
        const height = Math.round(u32(b, at + 4) / 65536);
        if (width && height) Object.assign(facts, { width, height });
      }
    } else if (handler === "soun" && !facts.hasAudio) {
      facts.hasAudio = true;
      facts.audioCodec = codec;
      // Audio sample entry: 8 header, 6 reserved, 2 index, 8 reserved, channels (2), sample size (2), 4, rate (16.16).
      if (entry > 0 && entry + 36 <= b.length) {
        const channels = u16(b, entry + 24);
        const rate = u32(b, entry + 32) >>> 16;
        if (channels) facts.channels = channels;
        if (rate) facts.sampleRate = rate;
      }
    }
  }
  facts.title = ilstText(b, moov, "\u00a9nam");
  facts.artist = ilstText(b, moov, "\u00a9ART");
  facts.album = ilstText(b, moov, "\u00a9alb");
  return facts;
}

function mp4Container(brand: string, hasVideo: boolean): string {
  if (brand === "qt  ") return "QuickTime";
  if (!hasVideo && /^M4[AB] $/.test(brand)) return "M4A";
  return "MP4";
}

/** Walks the top-level boxes by their headers (one small read each) to the moov box, wherever it is. */
async function readMp4(source: ByteSource, head: Uint8Array): Promise<MediaFacts | null> {
  const brand = ascii(head, 8, 4);
  let at = 0;
  for (let n = 0; n < 200; n++) {
    const header = at + 16 <= head.length ? head.subarray(at, at + 16) : await source.read(at, 16);
    if (header.length < 8) break;
    let size = u32(header, 0);
    const type = ascii(header, 4, 4);
    if (size === 1 && header.length >= 16) size = u64(header, 8);
    else if (size === 0) size = (source.size ?? at + 8) - at;
    if (size < 8) break;
    if (type === "moov") {
      if (size > MAX_MOOV_BYTES) return null;
      const moov = at + size <= head.length ? head.subarray(at, at + size) : await source.read(at, size);
      const facts = parseMoov(moov);
      return withBitrate({ container: mp4Container(brand, facts.hasVideo), ...facts }, source.size);
    }
    at += size;
    if (source.size !== null && at >= source.size) break;
  }
  return { container: mp4Container(brand, false), hasVideo: false, hasAudio: false, durationSeconds: null };
}

// ---- WebM / Matroska (EBML) ---------------------------------------------------------------------

/** An EBML variable-length integer at `at`: its value (with or without the length marker) and length. */
function vint(b: Uint8Array, at: number, keepMarker: boolean): { value: number; length: number; unknown: boolean } {
  const first = b[at];
  if (first === undefined || first === 0) return { value: -1, length: 0, unknown: false };
  let length = 1;
  while (!(first & (0x80 >> (length - 1)))) length++;
  if (at + length > b.length) return { value: -1, length: 0, unknown: false };
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + b[at + i];
    if (b[at + i] !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

interface Element {
  id: number;
  start: number;
  end: number;
}

/** The EBML elements in b[from, to); an element of unknown size (a live Segment or Cluster) runs to `to`. */
function elements(b: Uint8Array, from: number, to: number): Element[] {
  const out: Element[] = [];
  let at = from;
  while (at < to) {
    const id = vint(b, at, true);
    if (!id.length) break;
    const size = vint(b, at + id.length, false);
    if (!size.length) break;
    const start = at + id.length + size.length;
    const end = size.unknown ? to : start + size.value;
    out.push({ id: id.value, start, end: Math.min(end, to) });
    if (id.value === 0x1f43b675 || end > to) break; // the first Cluster: media data, nothing more to learn
    at = end;
  }
  return out;
}

const uint = (b: Uint8Array, e: Element) => {
  let n = 0;
  for (let i = e.start; i < e.end; i++) n = n * 256 + b[i];
  return n;
};
const float = (b: Uint8Array, e: Element) => {
  const view = new DataView(b.buffer, b.byteOffset + e.start, e.end - e.start);
  return e.end - e.start === 4 ? view.getFloat32(0) : e.end - e.start === 8 ? view.getFloat64(0) : NaN;
};
const text = (b: Uint8Array, e: Element) => clean(utf8(b.subarray(e.start, e.end)));

const MATROSKA_CODECS: Record<string, string> = {
  V_VP8: "VP8",
  V_VP9: "VP9",
  V_AV1: "AV1",
  "V_MPEG4/ISO/AVC": "H.264",
  "V_MPEGH/ISO/HEVC": "H.265",
  V_THEORA: "Theora",
  A_OPUS: "Opus",
  A_VORBIS: "Vorbis",
  A_AAC: "AAC",
  "A_MPEG/L3": "MP3",
  A_FLAC: "FLAC",
  A_AC3: "AC-3",
};

/** Facts from the start of a WebM or Matroska file (its Info and Tracks precede the first Cluster). */
export function parseMatroska(b: Uint8Array): MediaFacts | null {
  const top = elements(b, 0, b.length);
  const ebml = top.find((e) => e.id === 0x1a45dfa3);
  const segment = top.find((e) => e.id === 0x18538067);
  if (!ebml) return null;
  const docType = elements(b, ebml.start, ebml.end).find((e) => e.id === 0x4282);
  const container = docType && text(b, docType) === "webm" ? "WebM" : "Matroska";
  const facts: MediaFacts = { container, hasVideo: false, hasAudio: false, durationSeconds: null };
  if (!segment) return facts;
  const parts = elements(b, segment.start, segment.end);
  const info = parts.find((e) => e.id === 0x1549a966);
  if (info) {
    const fields = elements(b, info.start, info.end);
    const scaleField = fields.find((e) => e.id === 0x2ad7b1);
    const scale = scaleField ? uint(b, scaleField) : 1_000_000;
    const duration = fields.find((e) => e.id === 0x4489);
    if (duration) facts.durationSeconds = finite((float(b, duration) * scale) / 1e9);
    const title = fields.find((e) => e.id === 0x7ba9);
    if (title) facts.title = text(b, title);
  }
  const tracks = parts.find((e) => e.id === 0x1654ae6b);
  for (const entry of tracks ? elements(b, tracks.start, tracks.end).filter((e) => e.id === 0xae) : []) {
    const fields = elements(b, entry.start, entry.end);
    const type = fields.find((e) => e.id === 0x83);
    const codecId = fields.find((e) => e.id === 0x86);
    const codec = codecId ? text(b, codecId) : undefined;
    const name = codec ? (MATROSKA_CODECS[codec] ?? codec) : undefined;
    if (type && uint(b, type) === 1 && !facts.hasVideo) {
      facts.hasVideo = true;
      facts.videoCodec = name;
      const video = fields.find((e) => e.id === 0xe0);
      const dims = video ? elements(b, video.start, video.end) : [];
      const width = dims.find((e) => e.id === 0xb0);
      const height = dims.find((e) => e.id === 0xba);
      if (width && height) Object.assign(facts, { width: uint(b, width), height: uint(b, height) });
    } else if (type && uint(b, type) === 2 && !facts.hasAudio) {
      facts.hasAudio = true;
      facts.audioCodec = name;
      const audio = fields.find((e) => e.id === 0xe1);
      const props = audio ? elements(b, audio.start, audio.end) : [];
      const rate = props.find((e) => e.id === 0xb5);
      const channels = props.find((e) => e.id === 0x9f);
      if (rate) facts.sampleRate = Math.round(float(b, rate));
      if (channels) facts.channels = uint(b, channels);
    }
  }
  return facts;
}

// ---- WAV ----------------------------------------------------------------------------------------

const WAV_CODECS: Record<number, string> = { 1: "PCM", 3: "PCM (float)", 6: "A-law", 7: "µ-law", 0x11: "ADPCM" };

/** Facts from a RIFF/WAVE file's chunks: fmt, data (its size over the byte rate) and LIST INFO. */
export function parseWav(b: Uint8Array, size: number | null = b.length): MediaFacts | null {
  if (ascii(b, 0, 4) !== "RIFF" || ascii(b, 8, 4) !== "WAVE") return null;
  const facts: MediaFacts = { container: "WAV", hasVideo: false, hasAudio: true, durationSeconds: null };
  let byteRate = 0;
  let at = 12;
  while (at + 8 <= b.length) {
    const id = ascii(b, at, 4);
    const length = u32le(b, at + 4);
    const start = at + 8;
    if (id === "fmt " && start + 16 <= b.length) {
      const format = u16le(b, start);
      facts.audioCodec = WAV_CODECS[format === 0xfffe ? u16le(b, start + 24) : format] ?? `format ${format}`;
      facts.channels = u16le(b, start + 2);
      facts.sampleRate = u32le(b, start + 4);
      byteRate = u32le(b, start + 8);
      facts.bitrateKbps = Math.round((byteRate * 8) / 1000);
    } else if (id === "LIST" && ascii(b, start, 4) === "INFO") {
      let tag = start + 4;
      while (tag + 8 <= Math.min(start + length, b.length)) {
        const tagId = ascii(b, tag, 4);
        const tagLength = u32le(b, tag + 4);
        const value = clean(latin1(b.subarray(tag + 8, tag + 8 + tagLength)));
        if (tagId === "INAM") facts.title = value;
        if (tagId === "IART") facts.artist = value;
        if (tagId === "IPRD") facts.album = value;
        tag += 8 + tagLength + (tagLength % 2);
      }
    } else if (id === "data") {
      // A streamed WAV may not know its data size (0 or 0xFFFFFFFF): the rest of the file is data.
      const dataBytes = length === 0 || length === 0xffffffff ? (size ?? b.length) - start : length;
      facts.durationSeconds = byteRate ? finite(Math.min(dataBytes, (size ?? Infinity) - start) / byteRate) : null;
      // LIST INFO may follow the data: look past it when it is in the buffer.
    }
    at = start + length + (length % 2);
  }
  return facts;
}

// ---- MP3 ----------------------------------------------------------------------------------------

const MP3_BITRATES = {
  v1l1: [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  v1l2: [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  v1l3: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2l1: [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  v2l23: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const MP3_RATES: Record<number, number[]> = {
  3: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  0: [11025, 12000, 8000],
};

export interface Mp3Frame {
  /** MPEG version bits: 3 MPEG-1, 2 MPEG-2, 0 MPEG-2.5. */
  version: number;
  /** 1, 2 or 3. */
  layer: number;
  bitrateKbps: number;
  sampleRate: number;
  channels: number;
  samplesPerFrame: number;
  length: number;
}

/** The MPEG audio frame header at `at`, or null when the bytes there are not one. */
export function mp3Frame(b: Uint8Array, at: number): Mp3Frame | null {
  if (at + 4 > b.length || b[at] !== 0xff || (b[at + 1] & 0xe0) !== 0xe0) return null;
  const version = (b[at + 1] >> 3) & 3;
  const layer = 4 - ((b[at + 1] >> 1) & 3);
  const bitrateIndex = b[at + 2] >> 4;
  const rateIndex = (b[at + 2] >> 2) & 3;
  if (version === 1 || layer === 4 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const table =
    version === 3
      ? [MP3_BITRATES.v1l1, MP3_BITRATES.v1l2, MP3_BITRATES.v1l3][layer - 1]
      : layer === 1
        ? MP3_BITRATES.v2l1
        : MP3_BITRATES.v2l23;
  const bitrateKbps = table[bitrateIndex];
  const sampleRate = MP3_RATES[version][rateIndex];
  const padding = (b[at + 2] >> 1) & 1;
  const samplesPerFrame = layer === 1 ? 384 : layer === 3 && version !== 3 ? 576 : 1152;
  const length =
    layer === 1
      ? (Math.floor((12 * bitrateKbps * 1000) / sampleRate) + padding) * 4
      : Math.floor(((samplesPerFrame / 8) * bitrateKbps * 1000) / sampleRate) + padding;
  const channels = b[at + 3] >> 6 === 3 ? 1 : 2;
  return { version, layer, bitrateKbps, sampleRate, channels, samplesPerFrame, length };
}

/** ID3v2 text frames (title, artist, album) and the tag's total length. */
export function parseId3(b: Uint8Array): { length: number; title?: string; artist?: string; album?: string } | null {
  if (ascii(b, 0, 3) !== "ID3" || b.length < 10) return null;
  const major = b[3];
  const syncsafe = (at: number) => (b[at] << 21) | (b[at + 1] << 14) | (b[at + 2] << 7) | b[at + 3];
  const length = 10 + syncsafe(6) + (b[5] & 0x10 ? 10 : 0);
  const names: Record<string, "title" | "artist" | "album"> =
    major === 2 ? { TT2: "title", TP1: "artist", TAL: "album" } : { TIT2: "title", TPE1: "artist", TALB: "album" };
  const out: { length: number; title?: string; artist?: string; album?: string } = { length };
  const idLength = major === 2 ? 3 : 4;
  const headerLength = major === 2 ? 6 : 10;
  let at = 10;
  // An extended header (v2.3/2.4, flag 0x40) is skipped by its size.
  if (major > 2 && b[5] & 0x40) at += major === 4 ? syncsafe(10) : u32(b, 10) + 4;
  const end = Math.min(length, b.length);
  while (at + headerLength <= end && b[at] !== 0) {
    const id = ascii(b, at, idLength);
    const size = major === 2 ? u24(b, at + 3) : major === 4 ? syncsafe(at + 4) : u32(b, at + 4);
    const body = b.subarray(at + headerLength, at + headerLength + size);
    const field = names[id];
    if (field && body.length > 1) {
      const encoding = body[0];
      let value = body.subarray(1);
      let decoded: string;
      if (encoding === 1 || encoding === 2) {
        let bigEndian = encoding === 2;
        if (value[0] === 0xfe && value[1] === 0xff) [bigEndian, value] = [true, value.subarray(2)];
        else if (value[0] === 0xff && value[1] === 0xfe) [bigEndian, value] = [false, value.subarray(2)];
        decoded = utf16(value, bigEndian);
      } else decoded = encoding === 3 ? utf8(value) : latin1(value);
      out[field] = clean(decoded);
    }
    at += headerLength + size;
  }
  return out;
}

/**
 * Facts from an MP3's start (ID3 tag, first frame, Xing/Info or VBRI header) and its size. When
 * the tag is larger than the buffer (cover art), `audio` is a second read from where it ends.
 */
export function parseMp3(
  head: Uint8Array,
  size: number | null = head.length,
  audio?: { bytes: Uint8Array; offset: number },
): MediaFacts | null {
  const id3 = parseId3(head);
  const b = audio?.bytes ?? head;
  const base = audio?.offset ?? 0;
  let at = audio ? 0 : (id3?.length ?? 0);
  // The first frame whose successor is where its length says (a lone 0xFFE is not enough).
  let frame: Mp3Frame | null = null;
  for (const limit = Math.min(b.length, at + 64 * 1024); at < limit; at++) {
    const candidate = mp3Frame(b, at);
    if (!candidate) continue;
    const next = at + candidate.length;
    if (next + 4 > b.length || mp3Frame(b, next)) {
      frame = candidate;
      break;
    }
  }
  if (!frame) return null;
  const audioStart = base + at;
  const facts: MediaFacts = {
    container: "MP3",
    hasVideo: false,
    hasAudio: true,
    durationSeconds: null,
    audioCodec: `MPEG-${frame.version === 3 ? "1" : frame.version === 2 ? "2" : "2.5"} Layer ${"I".repeat(frame.layer)}`,
    sampleRate: frame.sampleRate,
    channels: frame.channels,
    title: id3?.title,
    artist: id3?.artist,
    album: id3?.album,
  };
  const sideInfo = frame.version === 3 ? (frame.channels === 1 ? 17 : 32) : frame.channels === 1 ? 9 : 17;
  const xing = at + 4 + sideInfo;
  const tag = ascii(b, xing, 4);
  let frames = 0;
  if ((tag === "Xing" || tag === "Info") && u32(b, xing + 4) & 1) frames = u32(b, xing + 8);
  else if (ascii(b, at + 36, 4) === "VBRI") frames = u32(b, at + 36 + 14);
  if (frames > 0) {
    facts.durationSeconds = finite((frames * frame.samplesPerFrame) / frame.sampleRate);
    return withBitrate(facts, size === null ? null : size - audioStart);
  }
  // No frame count: a constant bitrate, so the audio's bytes say its length.
  facts.bitrateKbps = frame.bitrateKbps;
  if (size !== null) facts.durationSeconds = finite(((size - audioStart) * 8) / (frame.bitrateKbps * 1000));
  return facts;
}

// ---- Ogg ----------------------------------------------------------------------------------------

interface OggPage {
  at: number;
  granule: number;
  serial: number;
  headerType: number;
  segments: number[];
  dataStart: number;
  end: number;
}

function oggPage(b: Uint8Array, at: number): OggPage | null {
  if (ascii(b, at, 4) !== "OggS" || b[at + 4] !== 0 || at + 27 > b.length) return null;
  const count = b[at + 26];
  if (at + 27 + count > b.length) return null;
  const segments = Array.from(b.subarray(at + 27, at + 27 + count));
  const dataStart = at + 27 + count;
  const low = u32le(b, at + 6);
  const high = u32le(b, at + 10);
  // 0xFFFF…FF means "no packet ends on this page".
  const granule = low === 0xffffffff && high === 0xffffffff ? -1 : u64le(b, at + 6);
  return {
    at,
    granule,
    serial: u32le(b, at + 14),
    headerType: b[at + 5],
    segments,
    dataStart,
    end: dataStart + segments.reduce((a, s) => a + s, 0),
  };
}

/** The first packets of the first logical stream, joined across pages. */
function oggPackets(b: Uint8Array, wanted: number): Uint8Array[] {
  const packets: Uint8Array[] = [];
  let current: number[] = [];
  let serial: number | null = null;
  let at = 0;
  while (packets.length < wanted) {
    const page = oggPage(b, at);
    if (!page) break;
    if (serial === null) serial = page.serial;
    if (page.serial === serial) {
      let offset = page.dataStart;
      for (const segment of page.segments) {
        for (let i = 0; i < segment && offset + i < b.length; i++) current.push(b[offset + i]);
        offset += segment;
        if (segment < 255) {
          packets.push(Uint8Array.from(current));
          current = [];
          if (packets.length >= wanted) break;
        }
      }
    }
    at = page.end;
  }
  return packets;
}

/** KEY=value comments (Vorbis comment layout, shared by Opus): title, artist, album. */
function vorbisComments(b: Uint8Array, from: number): Pick<MediaFacts, "title" | "artist" | "album"> {
  const out: Pick<MediaFacts, "title" | "artist" | "album"> = {};
  if (from + 8 > b.length) return out;
  let at = from + 4 + u32le(b, from);
  const count = u32le(b, at);
  at += 4;
  for (let i = 0; i < count && at + 4 <= b.length; i++) {
    const length = u32le(b, at);
    const comment = utf8(b.subarray(at + 4, at + 4 + length));
    at += 4 + length;
    const eq = comment.indexOf("=");
    const key = comment.slice(0, eq).toUpperCase();
    const value = clean(comment.slice(eq + 1));
    if (key === "TITLE") out.title = value;
    if (key === "ARTIST") out.artist = value;
    if (key === "ALBUM") out.album = value;
  }
  return out;
}

/** The last page's granule position of `serial` in a buffer from the end of the file. */
export function lastGranule(tail: Uint8Array, serial: number): number | null {
  for (let at = tail.length - 27; at >= 0; at--) {
    if (tail[at] !== 0x4f || ascii(tail, at, 4) !== "OggS") continue;
    const page = oggPage(tail, at);
    if (page && page.serial === serial && page.granule >= 0) return page.granule;
  }
  return null;
}

/** Facts from an Ogg file's first pages (codec, rate, tags) and its last page (the length). */
export function parseOgg(head: Uint8Array, tail: Uint8Array | null): MediaFacts | null {
  const first = oggPage(head, 0);
  if (!first) return null;
  const [id, comments] = oggPackets(head, 2);
  const facts: MediaFacts = { container: "Ogg", hasVideo: false, hasAudio: true, durationSeconds: null };
  let rate = 0;
  let preSkip = 0;
  if (id && ascii(id, 0, 8) === "OpusHead") {
    facts.audioCodec = "Opus";
    facts.channels = id[9];
    preSkip = u16le(id, 10);
    facts.sampleRate = u32le(id, 12) || 48000;
    rate = 48000; // Opus granules always count 48 kHz samples
    if (comments && ascii(comments, 0, 8) === "OpusTags") Object.assign(facts, vorbisComments(comments, 8));
  } else if (id && ascii(id, 0, 7) === "\u0001vorbis") {
    facts.audioCodec = "Vorbis";
    facts.channels = id[11];
    rate = u32le(id, 12);
    facts.sampleRate = rate;
    const nominal = u32le(id, 20);
    if (nominal > 0 && nominal < 0x7fffffff) facts.bitrateKbps = Math.round(nominal / 1000);
    if (comments && ascii(comments, 0, 7) === "\u0003vorbis") Object.assign(facts, vorbisComments(comments, 7));
  } else if (id && ascii(id, 0, 5) === "\u007fFLAC") {
    facts.audioCodec = "FLAC";
    rate = u24(id, 27) >> 4;
    facts.sampleRate = rate;
  } else if (id && ascii(id, 1, 6) === "theora") {
    facts.hasVideo = true;
    facts.hasAudio = false;
    facts.videoCodec = "Theora";
  }
  const granule = tail ? lastGranule(tail, first.serial) : null;
  if (granule !== null && rate) facts.durationSeconds = finite((granule - preSkip) / rate);
  return facts;
}

// ---- FLAC ---------------------------------------------------------------------------------------

/** Facts from a native FLAC file's STREAMINFO (total samples over the rate) and VORBIS_COMMENT. */
export function parseFlac(b: Uint8Array, size: number | null = b.length): MediaFacts | null {
  if (ascii(b, 0, 4) !== "fLaC") return null;
  const facts: MediaFacts = {
    container: "FLAC",
    hasVideo: false,
    hasAudio: true,
    durationSeconds: null,
    audioCodec: "FLAC",
  };
  let at = 4;
  for (let last = false; !last && at + 4 <= b.length;) {
    last = (b[at] & 0x80) !== 0;
    const type = b[at] & 0x7f;
    const length = u24(b, at + 1);
    const start = at + 4;
    if (type === 0 && start + 18 <= b.length) {
      // 20 bits rate, 3 bits channels-1, 5 bits bits-per-sample-1, 36 bits total samples.
      const rate = (b[start + 10] << 12) | (b[start + 11] << 4) | (b[start + 12] >> 4);
      const channels = ((b[start + 12] >> 1) & 7) + 1;
      const samples = (b[start + 13] & 0x0f) * 2 ** 32 + u32(b, start + 14);
      Object.assign(facts, { sampleRate: rate, channels });
      facts.durationSeconds = rate ? finite(samples / rate) : null;
    } else if (type === 4) {
      // Vorbis comments here are little-endian, like Ogg's.
      Object.assign(facts, vorbisComments(b.subarray(start, start + length), 0));
    }
    at = start + length;
  }
  return withBitrate(facts, size);
}

// ---- any of them --------------------------------------------------------------------------------

/** What kind of container the first bytes are, or null. */
export function sniffContainer(b: Uint8Array): "mp4" | "matroska" | "wav" | "mp3" | "ogg" | "flac" | null {
  if (ascii(b, 4, 4) === "ftyp") return "mp4";
  if (u32(b, 0) === 0x1a45dfa3) return "matroska";
  if (ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 4) === "WAVE") return "wav";
  if (ascii(b, 0, 4) === "OggS") return "ogg";
  if (ascii(b, 0, 4) === "fLaC") return "flac";
  if (ascii(b, 0, 3) === "ID3" || mp3Frame(b, 0)) return "mp3";
  return null;
}

/** The facts of the media in `source`, reading only what each container needs; null when it is none of these. */
export async function readMediaFacts(source: ByteSource): Promise<MediaFacts | null> {
  const head = await source.read(0, HEAD_BYTES);
  switch (sniffContainer(head)) {
    case "mp4":
      return readMp4(source, head);
    case "matroska": {
      const facts = parseMatroska(head);
      return facts && withBitrate(facts, source.size);
    }
    case "wav":
      return parseWav(head, source.size);
    case "mp3": {
      const tagLength = parseId3(head)?.length ?? 0;
      if (tagLength + 16 * 1024 <= head.length) return parseMp3(head, source.size);
      return parseMp3(head, source.size, { bytes: await source.read(tagLength, 128 * 1024), offset: tagLength });
    }
    case "flac":
      return parseFlac(head, source.size);
    case "ogg": {
      const tail =
        source.size !== null && source.size > head.length
          ? await source.read(Math.max(0, source.size - TAIL_BYTES), TAIL_BYTES)
          : source.size !== null
            ? head
            : null;
      const facts = parseOgg(head, tail);
      return facts && withBitrate(facts, source.size);
    }
    default:
      return null;
  }
}
