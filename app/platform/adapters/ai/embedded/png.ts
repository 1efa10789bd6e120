/**
 * A small PNG encoder (8-bit RGB, filter 0, zlib through the platform's CompressionStream) and a
 * procedural painter for the embedded default's images: a gradient in the app's colours with soft
 * shapes placed from the prompt, so the same prompt gives the same picture and another prompt a
 * visibly different one.
 */
import { hashOf, seededRandom } from "./random";

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes.slice()]).stream().pipeThrough(new CompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Encodes RGB pixels (width × height × 3 bytes, row by row) as a PNG. */
export async function encodePng(width: number, height: number, rgb: Uint8Array): Promise<Uint8Array> {
  const raw = new Uint8Array(height * (width * 3 + 1));
  for (let y = 0; y < height; y++) raw.set(rgb.subarray(y * width * 3, (y + 1) * width * 3), y * (width * 3 + 1) + 1);
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8);
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", await deflate(raw)),
    chunk("IEND", new Uint8Array()),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

type Rgb = [number, number, number];

export function hexToRgb(hex: string): Rgb {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex);
  const n = m ? parseInt(m[1]!, 16) : 0x1f6f5c;
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];

/**
 * Paints the prompt: a diagonal gradient between the first two palette colours, then 5–8 soft
 * discs and one band in the palette's colours, their places and sizes drawn from the prompt's hash.
 */
export async function paintPrompt(
  prompt: string,
  width: number,
  height: number,
  palette: string[],
): Promise<Uint8Array> {
  const colours = (palette.length >= 2 ? palette : ["#1f6f5c", "#f2a541", ...palette]).map(hexToRgb);
  const random = seededRandom(hashOf(prompt));
  const angle = random() * Math.PI;
  const [dx, dy] = [Math.cos(angle), Math.sin(angle)];
  const discs = Array.from({ length: 5 + Math.floor(random() * 4) }, (_, i) => ({
    x: random() * width,
    y: random() * height,
    r: (0.08 + random() * 0.25) * Math.min(width, height),
    colour: colours[(i + 1) % colours.length]!,
    alpha: 0.25 + random() * 0.4,
  }));
  const band = { y: random() * height, h: (0.05 + random() * 0.1) * height, tilt: (random() - 0.5) * 0.6 };
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = Math.min(1, Math.max(0, ((x / width) * dx + (y / height) * dy + 1) / 2));
      let c = mix(colours[0]!, colours[1]!, t);
      for (const d of discs) {
        const dist = Math.hypot(x - d.x, y - d.y);
        if (dist < d.r) c = mix(c, d.colour, d.alpha * (1 - (dist / d.r) ** 2));
      }
      const bandY = band.y + (x - width / 2) * band.tilt;
      if (Math.abs(y - bandY) < band.h / 2) c = mix(c, [255, 255, 255], 0.18);
      const at = (y * width + x) * 3;
      rgb[at] = c[0];
      rgb[at + 1] = c[1];
      rgb[at + 2] = c[2];
    }
  }
  return encodePng(width, height, rgb);
}

async function inflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes.slice()]).stream().pipeThrough(new DecompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * Decodes an 8-bit, non-interlaced RGB or RGBA PNG (what image models and ./png.ts make) to RGB
 * pixels, alpha laid over white; null for anything else (a JPEG, a palette PNG), which callers draw
 * without. Used to place a hero picture inside a composed screenshot.
 */
export async function decodePng(bytes: Uint8Array): Promise<{ width: number; height: number; rgb: Uint8Array } | null> {
  if (bytes.length < 33 || bytes[0] !== 0x89 || bytes[1] !== 0x50) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Uint8Array[] = [];
  while (at + 8 <= bytes.length) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    const body = bytes.subarray(at + 8, at + 8 + length);
    if (type === "IHDR") {
      width = view.getUint32(at + 8);
      height = view.getUint32(at + 12);
      const [depth, colour, , , interlace] = body.subarray(8, 13);
      if (depth !== 8 || interlace !== 0 || (colour !== 2 && colour !== 6)) return null;
      channels = colour === 6 ? 4 : 3;
      if (width * height > 4_000_000) return null;
    } else if (type === "IDAT") data.push(body);
    else if (type === "IEND") break;
    at += 12 + length;
  }
  if (!width || !height || data.length === 0) return null;
  const joined = new Uint8Array(data.reduce((n, d) => n + d.length, 0));
  let offset = 0;
  for (const d of data) {
    joined.set(d, offset);
    offset += d.length;
  }
  const raw = await inflate(joined).catch(() => null);
  const stride = width * channels;
  if (!raw || raw.length < height * (stride + 1)) return null;
  const pixels = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const out = y * stride;
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? pixels[out + x - channels]! : 0;
      const b = y > 0 ? pixels[out - stride + x]! : 0;
      const c = x >= channels && y > 0 ? pixels[out - stride + x - channels]! : 0;
      let v = line[x]!;
      if (filter === 1) v += a;
      else if (filter === 2) v += b;
      else if (filter === 3) v += (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      pixels[out + x] = v & 255;
    }
  }
  if (channels === 3) return { width, height, rgb: pixels };
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    const alpha = pixels[i * 4 + 3]! / 255;
    for (let k = 0; k < 3; k++) rgb[i * 3 + k] = Math.round(pixels[i * 4 + k]! * alpha + 255 * (1 - alpha));
  }
  return { width, height, rgb };
}
