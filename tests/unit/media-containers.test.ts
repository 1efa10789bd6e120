// The container parsers (features/media/describe/containers.ts) on the demo clips in public/video
// (12 s, 640×360; VP9/Opus WebM and H.264/AAC MP4) and on files built here byte by byte: an MP4
// with its moov at the end and iTunes tags, WebM with a title, WAV, MP3 (CBR, Xing, VBRI, a tag
// larger than the first read), Ogg Opus and Vorbis (the length from the last page) and FLAC.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  HEAD_BYTES,
  memorySource,
  mp3Frame,
  parseId3,
  readMediaFacts,
  type ByteSource,
} from "~/features/media/describe/containers";

const clip = (name: string) => new Uint8Array(readFileSync(new URL(`../../public/video/${name}`, import.meta.url)));

const concat = (...parts: (Uint8Array | number[] | string)[]) => {
  const arrays = parts.map((p) =>
    typeof p === "string" ? new TextEncoder().encode(p) : p instanceof Uint8Array ? p : Uint8Array.from(p),
  );
  const out = new Uint8Array(arrays.reduce((n, a) => n + a.length, 0));
  let at = 0;
  for (const a of arrays) {
    out.set(a, at);
    at += a.length;
  }
  return out;
};
const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const be16 = (n: number) => [(n >> 8) & 255, n & 255];
const le32 = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255, (n >>> 24) & 255];
const le16 = (n: number) => [n & 255, (n >> 8) & 255];
const latin = (s: string) => Uint8Array.from([...s].map((c) => c.charCodeAt(0)));

/** A source that counts what was read, to show the parsers read ranges, not whole files. */
function countingSource(bytes: Uint8Array): ByteSource & { readBytes: number } {
  const source = {
    size: bytes.length,
    readBytes: 0,
    read: async (offset: number, length: number) => {
      const part = bytes.subarray(offset, offset + length);
      source.readBytes += part.length;
      return part;
    },
  };
  return source;
}

describe("the demo clips", () => {
  it("MP4 (H.264/AAC): 12 s, 640×360, from mvhd and the tracks", async () => {
    const facts = await readMediaFacts(memorySource(clip("lesson-1.mp4")));
    expect(facts).toMatchObject({
      container: "MP4",
      hasVideo: true,
      hasAudio: true,
      videoCodec: "H.264",
      audioCodec: "AAC",
      width: 640,
      height: 360,
      sampleRate: 48000,
      channels: 2,
    });
    expect(facts!.durationSeconds).toBeCloseTo(12, 0);
    expect(facts!.bitrateKbps).toBeGreaterThan(50);
  });

  it("WebM (VP9/Opus): 12 s from Duration × TimecodeScale, 640×360", async () => {
    const facts = await readMediaFacts(memorySource(clip("lesson-1.webm")));
    expect(facts).toMatchObject({
      container: "WebM",
      hasVideo: true,
      hasAudio: true,
      videoCodec: "VP9",
      audioCodec: "Opus",
      width: 640,
      height: 360,
      sampleRate: 48000,
      channels: 1, // the chord is mixed to mono (make-lesson-media.sh)
    });
    expect(facts!.durationSeconds).toBeCloseTo(12, 0);
  });
});

// ---- MP4 built by hand ----
const box = (type: string, ...content: (Uint8Array | number[] | string)[]) => {
  const body = concat(...content);
  return concat(be32(body.length + 8), latin(type), body);
};
const mvhd = (timescale: number, duration: number, v1 = false) =>
  v1
    ? box("mvhd", [1, 0, 0, 0], new Array(16).fill(0), be32(timescale), be32(0), be32(duration), new Array(80).fill(0))
    : box("mvhd", [0, 0, 0, 0], be32(0), be32(0), be32(timescale), be32(duration), new Array(80).fill(0));
const audioTrak = (format: string) =>
  box(
    "trak",
    box("tkhd", new Array(84).fill(0)),
    box(
      "mdia",
      box("hdlr", [0, 0, 0, 0], be32(0), "soun", new Array(12).fill(0)),
      box(
        "minf",
        box(
          "stbl",
          box(
            "stsd",
            [0, 0, 0, 0],
            be32(1),
            box(
              format,
              new Array(6).fill(0),
              be16(1),
              new Array(8).fill(0),
              be16(1),
              be16(16),
              be16(0),
              be16(0),
              be32(44100 * 65536),
            ),
          ),
        ),
      ),
    ),
  );
const ilstItem = (tag: string, value: string) => box(tag, box("data", be32(1), be32(0), value));

describe("MP4 / M4A built by hand", () => {
  it("finds a moov after a large mdat with small ranged reads, reads v1 mvhd and ©nam/©ART", async () => {
    const mdat = box("mdat", new Uint8Array(3 * HEAD_BYTES));
    const moov = box(
      "moov",
      mvhd(1000, 95_500, true),
      audioTrak("mp4a"),
      box(
        "udta",
        box(
          "meta",
          [0, 0, 0, 0],
          box("hdlr", new Array(25).fill(0)),
          box("ilst", ilstItem("\u00a9nam", "Hip mobility talk"), ilstItem("\u00a9ART", "Coach Ana")),
        ),
      ),
    );
    const file = concat(box("ftyp", "M4A ", be32(0), "M4A isom"), mdat, moov);
    const source = countingSource(file);
    const facts = await readMediaFacts(source);
    expect(facts).toMatchObject({
      container: "M4A",
      hasVideo: false,
      hasAudio: true,
      audioCodec: "AAC",
      sampleRate: 44100,
      channels: 1,
      durationSeconds: 95.5,
      title: "Hip mobility talk",
      artist: "Coach Ana",
    });
    expect(source.readBytes).toBeLessThan(HEAD_BYTES + moov.length + 100);
  });

  it("a QuickTime file is named so; no moov gives no length", async () => {
    const mov = concat(box("ftyp", "qt  ", be32(0), "qt  "), box("moov", mvhd(600, 6000)));
    expect(await readMediaFacts(memorySource(mov))).toMatchObject({ container: "QuickTime", durationSeconds: 10 });
    const noMoov = concat(box("ftyp", "isom", be32(0)), box("mdat", new Uint8Array(100)));
    expect(await readMediaFacts(memorySource(noMoov))).toMatchObject({ container: "MP4", durationSeconds: null });
  });
});

// ---- Matroska built by hand ----
const ebml = (id: number[], ...content: (Uint8Array | number[] | string)[]) => {
  const body = concat(...content);
  return concat(id, [0x01, ...[0, 0, 0, 0, 0, 0, 0].map((_, i) => (body.length / 256 ** (6 - i)) & 255)], body);
};
const f64 = (n: number) => {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, n);
  return new Uint8Array(view.buffer);
};

describe("Matroska built by hand", () => {
  it("Duration × a TimecodeScale of 1 µs, the title, an unknown-size Segment", async () => {
    const info = ebml(
      [0x15, 0x49, 0xa9, 0x66],
      ebml([0x2a, 0xd7, 0xb1], [0x03, 0xe8]), // 1000 ns
      ebml([0x44, 0x89], f64(90_250_000)), // 90.25 s in µs
      ebml([0x7b, 0xa9], "Breathing for runners"),
    );
    const tracks = ebml(
      [0x16, 0x54, 0xae, 0x6b],
      ebml([0xae], ebml([0x83], [2]), ebml([0x86], "A_VORBIS"), ebml([0xe1], ebml([0x9f], [1]))),
    );
    const file = concat(
      ebml([0x1a, 0x45, 0xdf, 0xa3], ebml([0x42, 0x82], "matroska")),
      [0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff], // Segment of unknown size
      info,
      tracks,
      [0x1f, 0x43, 0xb6, 0x75, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff],
    );
    expect(await readMediaFacts(memorySource(file))).toMatchObject({
      container: "Matroska",
      hasVideo: false,
      hasAudio: true,
      audioCodec: "Vorbis",
      channels: 1,
      durationSeconds: 90.25,
      title: "Breathing for runners",
    });
  });
});

// ---- WAV ----
function wav(seconds: number, rate = 8000, info?: Record<string, string>) {
  const data = new Uint8Array(seconds * rate * 2);
  const fmt = concat("fmt ", le32(16), le16(1), le16(1), le32(rate), le32(rate * 2), le16(2), le16(16));
  const list = info
    ? (() => {
        const tags = concat(
          ...Object.entries(info).map(([k, v]) => {
            const value = v.length % 2 ? `${v}\0` : `${v}\0\0`;
            return concat(k, le32(value.length), value);
          }),
        );
        return concat("LIST", le32(tags.length + 4), "INFO", tags);
      })()
    : new Uint8Array(0);
  const body = concat("WAVE", fmt, list, "data", le32(data.length), data);
  return concat("RIFF", le32(body.length), body);
}

describe("WAV", () => {
  it("length from the data size over the byte rate; title and artist from LIST INFO", async () => {
    expect(await readMediaFacts(memorySource(wav(3, 8000, { INAM: "Cool-down", IART: "Studio" })))).toEqual({
      container: "WAV",
      hasVideo: false,
      hasAudio: true,
      durationSeconds: 3,
      audioCodec: "PCM",
      channels: 1,
      sampleRate: 8000,
      bitrateKbps: 128,
      title: "Cool-down",
      artist: "Studio",
    });
  });
  it("a streamed WAV with an unknown data size: the rest of the file", async () => {
    const file = wav(2);
    new DataView(file.buffer).setUint32(40, 0xffffffff, true);
    expect((await readMediaFacts(memorySource(file)))!.durationSeconds).toBe(2);
  });
});

// ---- MP3 ----
/** MPEG-1 Layer III, 128 kbit/s, 44.1 kHz, stereo: 417-byte frames. */
const FRAME_HEADER = [0xff, 0xfb, 0x90, 0x00];
const frameOf = (payload: Uint8Array | number[] = []) => {
  const frame = new Uint8Array(417);
  frame.set(FRAME_HEADER);
  frame.set(payload instanceof Uint8Array ? payload : Uint8Array.from(payload), 4);
  return frame;
};
const frames = (n: number) => concat(...Array.from({ length: n }, () => frameOf()));
const syncsafe = (n: number) => [(n >> 21) & 127, (n >> 14) & 127, (n >> 7) & 127, n & 127];
function id3(frames: Uint8Array, padding = 0) {
  const body = concat(frames, new Uint8Array(padding));
  return concat("ID3", [3, 0, 0], syncsafe(body.length), body);
}
const textFrame = (id: string, encoded: Uint8Array) => concat(id, be32(encoded.length), [0, 0], encoded);
const utf16bom = (s: string) => concat([1, 0xff, 0xfe], ...[...s].map((c) => le16(c.charCodeAt(0))));

describe("MP3", () => {
  it("reads the frame header", () => {
    expect(mp3Frame(Uint8Array.from(FRAME_HEADER), 0)).toEqual({
      version: 3,
      layer: 3,
      bitrateKbps: 128,
      sampleRate: 44100,
      channels: 2,
      samplesPerFrame: 1152,
      length: 417,
    });
    expect(mp3Frame(Uint8Array.from([0xff, 0xfb, 0xf0, 0]), 0)).toBeNull(); // bad bitrate index
  });

  it("constant bitrate: the audio's bytes over the bitrate; ID3v2.3 title (UTF-16) and artist (Latin-1)", async () => {
    const tag = id3(concat(textFrame("TIT2", utf16bom("Morning run")), textFrame("TPE1", concat([0], latin("Zoë")))));
    const facts = await readMediaFacts(memorySource(concat(tag, frames(100))));
    expect(facts).toMatchObject({
      container: "MP3",
      audioCodec: "MPEG-1 Layer III",
      sampleRate: 44100,
      channels: 2,
      bitrateKbps: 128,
      title: "Morning run",
      artist: "Zoë",
    });
    expect(facts!.durationSeconds).toBeCloseTo((100 * 417 * 8) / 128_000, 5);
    expect(parseId3(tag)!.length).toBe(tag.length);
  });

  it("variable bitrate: the Xing frame count", async () => {
    const xing = concat(new Array(32).fill(0), "Xing", be32(1), be32(1000));
    const facts = await readMediaFacts(memorySource(concat(frameOf(xing), frames(20))));
    expect(facts!.durationSeconds).toBeCloseTo((1000 * 1152) / 44100, 5);
  });

  it("variable bitrate: the VBRI frame count", async () => {
    const vbri = concat(new Array(32).fill(0), "VBRI", be16(1), be16(0), be16(75), be32(500_000), be32(2000));
    const facts = await readMediaFacts(memorySource(concat(frameOf(vbri), frames(5))));
    expect(facts!.durationSeconds).toBeCloseTo((2000 * 1152) / 44100, 5);
  });

  it("a tag larger than the first read (cover art): the frames are read where it ends", async () => {
    const tag = id3(textFrame("TIT2", concat([3], "Big cover")), HEAD_BYTES);
    const facts = await readMediaFacts(memorySource(concat(tag, frames(50))));
    expect(facts).toMatchObject({ container: "MP3", title: "Big cover" });
    expect(facts!.durationSeconds).toBeCloseTo((50 * 417 * 8) / 128_000, 5);
  });
});

// ---- Ogg ----
function oggPage(serial: number, sequence: number, granule: number, packet: Uint8Array, headerType = 0) {
  const lacing: number[] = [];
  let left = packet.length;
  while (left >= 255) {
    lacing.push(255);
    left -= 255;
  }
  lacing.push(left);
  const granuleBytes =
    granule < 0 ? new Array(8).fill(0xff) : [...le32(granule % 2 ** 32), ...le32(Math.floor(granule / 2 ** 32))];
  return concat(
    "OggS",
    [0, headerType],
    granuleBytes,
    le32(serial),
    le32(sequence),
    le32(0),
    [lacing.length],
    lacing,
    packet,
  );
}
const comments = (magic: Uint8Array | string, entries: string[]) =>
  concat(
    magic,
    le32(4),
    "test",
    le32(entries.length),
    ...entries.map((e) => concat(le32(new TextEncoder().encode(e).length), e)),
  );

describe("Ogg", () => {
  it("Opus: (last granule − pre-skip) / 48 kHz from the last page, read from the end; OpusTags", async () => {
    const head = concat("OpusHead", [1, 2], le16(312), le32(44100), le16(0), [0]);
    const filler = Array.from({ length: 12 }, (_, i) => oggPage(7, i + 2, 48000 * (i / 4), new Uint8Array(60_000)));
    const file = concat(
      oggPage(7, 0, 0, head, 2),
      oggPage(7, 1, 0, comments("OpusTags", ["TITLE=Breathing drill", "artist=Coach Ana"])),
      ...filler,
      oggPage(7, 99, 312 + 48000 * 5, new Uint8Array(100), 4),
    );
    expect(file.length).toBeGreaterThan(HEAD_BYTES);
    const source = countingSource(file);
    const facts = await readMediaFacts(source);
    expect(facts).toMatchObject({
      container: "Ogg",
      audioCodec: "Opus",
      channels: 2,
      sampleRate: 44100,
      durationSeconds: 5,
      title: "Breathing drill",
      artist: "Coach Ana",
    });
    expect(source.readBytes).toBeLessThan(file.length);
  });

  it("Vorbis: last granule / sample rate; nominal bitrate", async () => {
    const id = concat("\u0001vorbis", le32(0), [1], le32(22050), le32(0), le32(64000), le32(0), [0xb8, 1]);
    const file = concat(
      oggPage(3, 0, 0, id, 2),
      oggPage(3, 1, 0, comments(concat([3], "vorbis"), ["TITLE=Stretch"])),
      oggPage(3, 2, -1, new Uint8Array(300)),
      oggPage(3, 3, 22050 * 3, new Uint8Array(300), 4),
    );
    expect(await readMediaFacts(memorySource(file))).toMatchObject({
      audioCodec: "Vorbis",
      channels: 1,
      sampleRate: 22050,
      bitrateKbps: 64,
      durationSeconds: 3,
      title: "Stretch",
    });
  });
});

describe("FLAC", () => {
  it("total samples over the rate from STREAMINFO; the title from VORBIS_COMMENT", async () => {
    const rate = 44100;
    const samples = rate * 7;
    const streaminfo = concat(
      be16(4096),
      be16(4096),
      [0, 0, 0, 0, 0, 0],
      [(rate >> 12) & 255, (rate >> 4) & 255, ((rate & 15) << 4) | (1 << 1) | 0, (15 << 4) | 0],
      be32(samples),
      new Array(16).fill(0),
    );
    const vorbis = comments(new Uint8Array(0), ["TITLE=Tempo run"]);
    const file = concat(
      "fLaC",
      [0],
      [0, 0, 34],
      streaminfo,
      [0x84],
      [0, 0, vorbis.length],
      vorbis,
      new Uint8Array(1000),
    );
    expect(await readMediaFacts(memorySource(file))).toMatchObject({
      container: "FLAC",
      sampleRate: 44100,
      channels: 2,
      durationSeconds: 7,
      title: "Tempo run",
    });
  });
});

describe("anything else", () => {
  it("is not media: null", async () => {
    expect(await readMediaFacts(memorySource(new TextEncoder().encode("%PDF-1.7 not a video")))).toBeNull();
    expect(await readMediaFacts(memorySource(new Uint8Array(0)))).toBeNull();
    expect(await readMediaFacts(memorySource(clip("lesson-1.vtt")))).toBeNull();
  });
});
