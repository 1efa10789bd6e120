/**
 * What the embedded default can tell about media without a model: measurable properties read from
 * the file's own headers. (Pixel statistics and PDF text are the activity analysis's: features/activities.)
 */

export interface ImageFacts {
  format: "PNG" | "JPEG" | "GIF" | "WebP";
  width: number;
  height: number;
}

/** Format and dimensions from a PNG, JPEG, GIF or WebP header; null when the bytes are none of these. */
export function imageFacts(b: Uint8Array): ImageFacts | null {
  const u16 = (i: number) => (b[i]! << 8) | b[i + 1]!;
  const u16le = (i: number) => b[i]! | (b[i + 1]! << 8);
  const u32 = (i: number) => ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!) >>> 0;
  if (b.length >= 24 && b[0] === 0x89 && b[1] === 0x50) return { format: "PNG", width: u32(16), height: u32(20) };
  if (b.length >= 10 && b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46)
    return { format: "GIF", width: u16le(6), height: u16le(8) };
  if (b.length >= 30 && b[0] === 0x52 && b[8] === 0x57 && b[9] === 0x45) {
    const kind = String.fromCharCode(b[12]!, b[13]!, b[14]!, b[15]!);
    if (kind === "VP8X")
      return {
        format: "WebP",
        width: 1 + (b[24]! | (b[25]! << 8) | (b[26]! << 16)),
        height: 1 + (b[27]! | (b[28]! << 8) | (b[29]! << 16)),
      };
    if (kind === "VP8 ") return { format: "WebP", width: u16le(26) & 0x3fff, height: u16le(28) & 0x3fff };
    if (kind === "VP8L") {
      const bits = b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24);
      return { format: "WebP", width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) {
    // Walk the segments to the first start-of-frame marker (SOF0–SOF15 but not DHT, JPG or DAC).
    let i = 2;
    while (i + 9 < b.length) {
      if (b[i] !== 0xff) return null;
      const marker = b[i + 1]!;
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
        return { format: "JPEG", width: u16(i + 7), height: u16(i + 5) };
      i += 2 + u16(i + 2);
    }
  }
  return null;
}

export interface AudioFacts {
  format: string;
  seconds: number | null;
}

/** Format and, for WAV, the duration from its header. */
export function audioFacts(b: Uint8Array, contentType: string): AudioFacts {
  const text = (from: number, n: number) => String.fromCharCode(...b.subarray(from, from + n));
  if (b.length >= 44 && text(0, 4) === "RIFF" && text(8, 4) === "WAVE") {
    const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
    let at = 12;
    let byteRate = 0;
    while (at + 8 <= b.length) {
      const id = text(at, 4);
      const size = view.getUint32(at + 4, true);
      if (id === "fmt ") byteRate = view.getUint32(at + 16, true);
      if (id === "data")
        return { format: "WAV", seconds: byteRate > 0 ? Math.min(size, b.length - at - 8) / byteRate : null };
      at += 8 + size + (size % 2);
    }
    return { format: "WAV", seconds: null };
  }
  if (text(0, 3) === "ID3" || (b[0] === 0xff && (b[1]! & 0xe0) === 0xe0)) return { format: "MP3", seconds: null };
  if (text(0, 4) === "OggS") return { format: "Ogg", seconds: null };
  if (text(4, 4) === "ftyp") return { format: "MP4 audio", seconds: null };
  return { format: contentType || "audio", seconds: null };
}
