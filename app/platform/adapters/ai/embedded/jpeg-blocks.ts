/**
 * A JPEG read at one eighth of its size, for photos too large to decode whole in a Worker: a phone's
 * 12-megapixel photo is 36 MB of RGB pixels alone, and jpeg-js keeps every coefficient of every block
 * besides (over 200 MB), where an isolate has 128 MB.
 *
 * Every block is entropy-decoded (the bitstream allows nothing else), but only what the measures need
 * is kept:
 * - each 8×8 block's DC coefficient, which is the block's mean: the picture comes out as one pixel
 *   per block (4032 × 3024 gives 504 × 378), exact in brightness and colour;
 * - the 64 coefficients of a grid of brightness blocks (at most 48 × 48 of them), turned back into
 *   pixels with the inverse DCT, where the variance of the Laplacian is measured at full resolution
 *   inside each block: the same focus measure as a whole decode's, sampled.
 *
 * Baseline and progressive, 8-bit and Huffman-coded (what cameras and phones write), with restart
 * intervals and any chroma subsampling; greyscale, YCbCr and RGB. A few bytes a block (about 5 MB for
 * 12 megapixels, the file itself aside). What it does not read (arithmetic coding, 12-bit, lossless,
 * CMYK, a truncated scan) throws, and callers then state the size only. Pure: bytes in, pixels out.
 *
 * A module of its own beside the worker (`#lazy/jpeg-blocks`, workers/lazy-modules.mjs): only photo
 * analysis loads it.
 */

/** The natural (row-major) position of each zig-zag index. */
const NATURAL = new Uint8Array([
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
  35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47,
  55, 62, 63,
]);

/** The most sampled blocks across and down for sharpness (48 × 48 blocks, 36 inner pixels each). */
const SHARPNESS_GRID = 48;

export interface JpegBlocks {
  /** The photo's own size. */
  width: number;
  height: number;
  /** One RGB pixel per 8×8 block of the photo, each its block's mean: blocksWide × blocksHigh. */
  blocksWide: number;
  blocksHigh: number;
  rgb: Uint8Array;
  /** The variance of the Laplacian of the brightness inside the sampled blocks; null when none was whole. */
  sharpness: number | null;
  progressive: boolean;
}

export class JpegUnreadable extends Error {}

interface Component {
  id: number;
  h: number;
  v: number;
  tq: number;
  /** The quantization table it was coded with (natural order), taken at its first scan. */
  quant: Uint16Array | null;
  /** Blocks across and down as stored (whole MCUs), and as the image has them. */
  stride: number;
  rows: number;
  blocksX: number;
  blocksY: number;
  dc: Int32Array;
  /** Progressive: which coefficients of each block are nonzero (zig-zag bits 0–31, 32–63), for refinement scans. */
  nonzero: Uint32Array | null;
  pred: number;
  dcTable: Uint16Array | null;
  acTable: Uint16Array | null;
}

/**
 * A Huffman table as a 16-bit lookup: the entry at the next 16 bits of the stream is the code's
 * length << 8 | its symbol (0 where no code starts).
 */
function huffmanLookup(counts: Uint8Array, symbols: Uint8Array): Uint16Array {
  const table = new Uint16Array(65536);
  let code = 0;
  let at = 0;
  for (let length = 1; length <= 16; length++) {
    for (let i = 0; i < counts[length - 1]!; i++) {
      if (code >= 1 << length) throw new JpegUnreadable("bad Huffman table");
      const from = code << (16 - length);
      table.fill((length << 8) | symbols[at++]!, from, from + (1 << (16 - length)));
      code++;
    }
    code <<= 1;
  }
  return table;
}

/** cos((2x + 1)uπ/16) scaled for the 8×8 inverse DCT: IDCT[x * 8 + u]. */
const IDCT = (() => {
  const table = new Float64Array(64);
  for (let x = 0; x < 8; x++)
    for (let u = 0; u < 8; u++)
      table[x * 8 + u] = ((u === 0 ? Math.SQRT1_2 : 1) * Math.cos(((2 * x + 1) * u * Math.PI) / 16)) / 2;
  return table;
})();

/** A block's pixels (0–255, rounded as a decoder's) from its dequantized coefficients (natural order). */
function inverseDct(coefficients: Float64Array, out: Float64Array) {
  const rows = new Float64Array(64);
  for (let v = 0; v < 8; v++)
    for (let x = 0; x < 8; x++) {
      let sum = 0;
      for (let u = 0; u < 8; u++) sum += IDCT[x * 8 + u]! * coefficients[v * 8 + u]!;
      rows[v * 8 + x] = sum;
    }
  for (let y = 0; y < 8; y++)
    for (let x = 0; x < 8; x++) {
      let sum = 0;
      for (let v = 0; v < 8; v++) sum += IDCT[y * 8 + v]! * rows[v * 8 + x]!;
      out[y * 8 + x] = Math.min(255, Math.max(0, Math.round(sum + 128)));
    }
}

const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));

export function decodeJpegBlocks(data: Uint8Array, { maxMegapixels = 64 } = {}): JpegBlocks {
  const length = data.length;
  if (length < 4 || data[0] !== 0xff || data[1] !== 0xd8) throw new JpegUnreadable("not a JPEG");
  const u16 = (at: number) => (data[at]! << 8) | data[at + 1]!;
  const quantTables: (Uint16Array | undefined)[] = [];
  const dcTables: (Uint16Array | undefined)[] = [];
  const acTables: (Uint16Array | undefined)[] = [];
  const components: Component[] = [];
  let width = 0;
  let height = 0;
  let maxH = 1;
  let maxV = 1;
  let mcusX = 0;
  let mcusY = 0;
  let progressive = false;
  let restartInterval = 0;
  let adobeTransform: number | null = null;
  let scans = 0;
  // The sampled brightness blocks: every stepX-th block across, stepY-th down, of those wholly inside.
  let sample = { stepX: 1, stepY: 1, across: 0, down: 0, wholeX: 0, wholeY: 0 };
  let sampled: Int32Array | null = null;

  /** The sampled slot of luma block (bx, by), or -1. */
  const slotOf = (bx: number, by: number) =>
    bx < sample.wholeX && by < sample.wholeY && bx % sample.stepX === 0 && by % sample.stepY === 0
      ? (by / sample.stepY) * sample.across + bx / sample.stepX
      : -1;

  function startFrame(at: number, marker: number) {
    if (components.length > 0) throw new JpegUnreadable("more than one frame");
    progressive = marker === 0xc2;
    if (data[at] !== 8) throw new JpegUnreadable("only 8-bit samples are read");
    height = u16(at + 1);
    width = u16(at + 3);
    if (width === 0 || height === 0) throw new JpegUnreadable("no size in the frame header");
    if (width * height > maxMegapixels * 1_000_000) throw new JpegUnreadable(`over ${maxMegapixels} megapixels`);
    const count = data[at + 5]!;
    if (count !== 1 && count !== 3) throw new JpegUnreadable("only greyscale and three-colour JPEGs are read");
    for (let i = 0; i < count; i++) {
      const p = at + 6 + i * 3;
      const h = data[p + 1]! >> 4;
      const v = data[p + 1]! & 15;
      if (h < 1 || h > 4 || v < 1 || v > 4) throw new JpegUnreadable("bad sampling factors");
      components.push({
        id: data[p]!,
        h,
        v,
        tq: data[p + 2]! & 3,
        quant: null,
        stride: 0,
        rows: 0,
        blocksX: 0,
        blocksY: 0,
        dc: new Int32Array(0),
        nonzero: null,
        pred: 0,
        dcTable: null,
        acTable: null,
      });
    }
    maxH = Math.max(...components.map((c) => c.h));
    maxV = Math.max(...components.map((c) => c.v));
    mcusX = Math.ceil(width / (8 * maxH));
    mcusY = Math.ceil(height / (8 * maxV));
    for (const c of components) {
      c.stride = mcusX * c.h;
      c.rows = mcusY * c.v;
      c.blocksX = Math.ceil((Math.ceil(width / 8) * c.h) / maxH);
      c.blocksY = Math.ceil((Math.ceil(height / 8) * c.v) / maxV);
      c.dc = new Int32Array(c.stride * c.rows);
      if (progressive) c.nonzero = new Uint32Array(c.stride * c.rows * 2);
    }
    // Sharpness is measured on the brightness blocks when they are at full resolution (they always are in practice).
    const luma = components[0]!;
    if (luma.h === maxH && luma.v === maxV) {
      const wholeX = Math.floor(width / 8);
      const wholeY = Math.floor(height / 8);
      const stepX = Math.max(1, Math.ceil(wholeX / SHARPNESS_GRID));
      const stepY = Math.max(1, Math.ceil(wholeY / SHARPNESS_GRID));
      sample = { stepX, stepY, across: Math.ceil(wholeX / stepX), down: Math.ceil(wholeY / stepY), wholeX, wholeY };
      if (sample.across * sample.down > 0) sampled = new Int32Array(sample.across * sample.down * 64);
    }
  }

  function defineQuant(at: number, end: number) {
    while (at < end) {
      const spec = data[at++]!;
      const wide = spec >> 4 === 1;
      const table = new Uint16Array(64);
      for (let k = 0; k < 64; k++) {
        table[NATURAL[k]!] = wide ? u16(at) : data[at]!;
        at += wide ? 2 : 1;
      }
      quantTables[spec & 3] = table;
    }
  }

  function defineHuffman(at: number, end: number) {
    while (at < end) {
      const spec = data[at]!;
      const counts = data.subarray(at + 1, at + 17);
      const total = counts.reduce((a, b) => a + b, 0);
      const symbols = data.subarray(at + 17, at + 17 + total);
      if (at + 17 + total > end) throw new JpegUnreadable("bad Huffman table");
      (spec >> 4 === 0 ? dcTables : acTables)[spec & 3] = huffmanLookup(counts, symbols);
      at += 17 + total;
    }
  }

  /** One scan, from its first entropy-coded byte; answers where the next marker is. */
  function decodeScan(header: number, start: number): number {
    if (components.length === 0) throw new JpegUnreadable("a scan before the frame");
    const count = data[header]!;
    const inScan: Component[] = [];
    for (let i = 0; i < count; i++) {
      const c = components.find((x) => x.id === data[header + 1 + i * 2]);
      if (!c) throw new JpegUnreadable("a scan names an unknown component");
      const tables = data[header + 2 + i * 2]!;
      c.dcTable = dcTables[tables >> 4] ?? null;
      c.acTable = acTables[tables & 15] ?? null;
      c.quant ??= quantTables[c.tq] ?? null;
      inScan.push(c);
    }
    const after = header + 1 + count * 2;
    const ss = data[after]!;
    const se = data[after + 1]!;
    const ah = data[after + 2]! >> 4;
    const al = data[after + 2]! & 15;
    if (progressive && (ss > se || se > 63 || (ss === 0 && se !== 0) || (ss > 0 && count !== 1)))
      throw new JpegUnreadable("bad progressive scan");
    const luma = components[0]!;

    // The bit reader: `bits` valid bits at the bottom of `buffer`; past a marker or the end it reads zeros (counted).
    let pos = start;
    let buffer = 0;
    let bits = 0;
    let atMarker = false;
    let padded = 0;
    const fill = () => {
      while (bits <= 24) {
        let byte = 0;
        if (!atMarker && pos < length) {
          byte = data[pos]!;
          if (byte === 0xff) {
            if (data[pos + 1] === 0x00) pos += 2;
            else {
              atMarker = true;
              byte = 0;
            }
          } else pos++;
        } else atMarker = true;
        if (atMarker) padded += 8;
        buffer = (buffer << 8) | byte;
        bits += 8;
      }
    };
    const read = (n: number) => {
      if (n === 0) return 0;
      if (bits < n) fill();
      bits -= n;
      return (buffer >>> bits) & ((1 << n) - 1);
    };
    const extend = (value: number, n: number) => (value < 1 << (n - 1) ? value - (1 << n) + 1 : value);
    const decode = (table: Uint16Array | null) => {
      if (!table) throw new JpegUnreadable("a scan uses an undefined Huffman table");
      if (bits < 16) fill();
      const entry = table[(buffer >>> (bits - 16)) & 0xffff]!;
      const n = entry >> 8;
      if (n === 0) throw new JpegUnreadable("bad Huffman code");
      bits -= n;
      return entry & 0xff;
    };
    /** Zeros read past the data mean the scan was cut short. */
    const checkReal = () => {
      if (padded > bits) throw new JpegUnreadable("the scan is truncated");
    };
    let eobrun = 0;
    const isNonzero = (c: Component, block: number, k: number) => (c.nonzero![block * 2 + (k >> 5)]! >>> (k & 31)) & 1;
    const setNonzero = (c: Component, block: number, k: number) => {
      c.nonzero![block * 2 + (k >> 5)]! |= 1 << (k & 31);
    };

    const decodeBlock = (c: Component, bx: number, by: number) => {
      const block = by * c.stride + bx;
      const slot = c === luma && sampled ? slotOf(bx, by) : -1;
      const coefficients = slot >= 0 ? slot * 64 : -1;
      if (!progressive) {
        const t = decode(c.dcTable);
        c.pred += t === 0 ? 0 : extend(read(t), t);
        c.dc[block] = c.pred;
        if (coefficients >= 0) sampled![coefficients] = c.pred;
        for (let k = 1; k < 64;) {
          const rs = decode(c.acTable);
          const s = rs & 15;
          const r = rs >> 4;
          if (s === 0) {
            if (r < 15) break;
            k += 16;
            continue;
          }
          k += r;
          if (k > 63) throw new JpegUnreadable("bad block");
          const value = extend(read(s), s);
          if (coefficients >= 0) sampled![coefficients + NATURAL[k]!] = value;
          k++;
        }
        return;
      }
      if (ss === 0) {
        if (ah === 0) {
          const t = decode(c.dcTable);
          c.pred += (t === 0 ? 0 : extend(read(t), t)) * (1 << al);
          c.dc[block] = c.pred;
          if (coefficients >= 0) sampled![coefficients] = c.pred;
        } else if (read(1)) {
          c.dc[block] |= 1 << al;
          if (coefficients >= 0) sampled![coefficients] |= 1 << al;
        }
        return;
      }
      if (ah === 0) {
        // The first pass over a band of AC coefficients.
        if (eobrun > 0) {
          eobrun--;
          return;
        }
        for (let k = ss; k <= se;) {
          const rs = decode(c.acTable);
          const s = rs & 15;
          const r = rs >> 4;
          if (s === 0) {
            if (r < 15) {
              eobrun = (1 << r) - 1 + read(r);
              break;
            }
            k += 16;
            continue;
          }
          k += r;
          if (k > 63) throw new JpegUnreadable("bad block");
          setNonzero(c, block, k);
          const value = extend(read(s), s) * (1 << al);
          if (coefficients >= 0) sampled![coefficients + NATURAL[k]!] = value;
          k++;
        }
        return;
      }
      // A refinement pass (as libjpeg's decode_mcu_AC_refine): a bit for each coefficient already
      // nonzero, and the coefficients that become nonzero now.
      const p1 = 1 << al;
      const refine = (k: number) => {
        if (read(1) && coefficients >= 0) {
          const at = coefficients + NATURAL[k]!;
          const value = sampled![at]!;
          if ((value & p1) === 0) sampled![at] = value >= 0 ? value + p1 : value - p1;
        }
      };
      let k = ss;
      if (eobrun === 0) {
        for (; k <= se; k++) {
          const rs = decode(c.acTable);
          let r = rs >> 4;
          const s = rs & 15;
          let value = 0;
          if (s !== 0) {
            if (s !== 1) throw new JpegUnreadable("bad refinement");
            value = read(1) ? p1 : -p1;
          } else if (r !== 15) {
            eobrun = (1 << r) + read(r);
            break;
          }
          for (; k <= se; k++) {
            if (isNonzero(c, block, k)) refine(k);
            else if (--r < 0) break;
          }
          if (value !== 0) {
            if (k > 63) throw new JpegUnreadable("bad refinement");
            setNonzero(c, block, k);
            if (coefficients >= 0) sampled![coefficients + NATURAL[k]!] = value;
          }
        }
      }
      if (eobrun > 0) {
        for (; k <= se; k++) if (isNonzero(c, block, k)) refine(k);
        eobrun--;
      }
    };

    /** After each restart interval: the marker skipped, the predictions and the reader reset. */
    const restart = () => {
      checkReal();
      while (pos + 1 < length && !(data[pos] === 0xff && data[pos + 1]! >= 0xd0 && data[pos + 1]! <= 0xd7)) pos++;
      if (pos + 1 >= length) throw new JpegUnreadable("a restart marker is missing");
      pos += 2;
      buffer = 0;
      bits = 0;
      padded = 0;
      atMarker = false;
      eobrun = 0;
      for (const c of inScan) c.pred = 0;
    };

    for (const c of inScan) c.pred = 0;
    if (count === 1) {
      const c = inScan[0]!;
      const total = c.blocksX * c.blocksY;
      for (let n = 0; n < total; n++) {
        if (restartInterval && n > 0 && n % restartInterval === 0) restart();
        decodeBlock(c, n % c.blocksX, Math.floor(n / c.blocksX));
      }
    } else {
      const total = mcusX * mcusY;
      for (let n = 0; n < total; n++) {
        if (restartInterval && n > 0 && n % restartInterval === 0) restart();
        const mx = n % mcusX;
        const my = Math.floor(n / mcusX);
        for (const c of inScan)
          for (let j = 0; j < c.v; j++) for (let i = 0; i < c.h; i++) decodeBlock(c, mx * c.h + i, my * c.v + j);
      }
    }
    checkReal();
    // The next marker: the first 0xFF not followed by a stuffed zero, a restart or another 0xFF.
    while (pos + 1 < length) {
      if (data[pos] === 0xff) {
        const next = data[pos + 1]!;
        if (next !== 0 && next !== 0xff && !(next >= 0xd0 && next <= 0xd7)) return pos;
      }
      pos++;
    }
    throw new JpegUnreadable("the file ends inside a scan");
  }

  let at = 2;
  let ended = false;
  while (at + 1 < length) {
    if (data[at] !== 0xff) throw new JpegUnreadable("a segment does not start with a marker");
    const marker = data[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0xd9) {
      ended = true;
      break;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      at += 2;
      continue;
    }
    if (at + 3 >= length) break;
    const size = u16(at + 2);
    const body = at + 4;
    const end = at + 2 + size;
    if (size < 2 || end > length) throw new JpegUnreadable("a segment runs past the end of the file");
    if (marker === 0xc0 || marker === 0xc1 || marker === 0xc2) startFrame(body, marker);
    else if (marker >= 0xc3 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      throw new JpegUnreadable("lossless, hierarchical or arithmetic-coded JPEGs are not read");
    else if (marker === 0xdb) defineQuant(body, end);
    else if (marker === 0xc4) defineHuffman(body, end);
    else if (marker === 0xdd) restartInterval = u16(body);
    else if (marker === 0xee && size >= 14 && String.fromCharCode(...data.subarray(body, body + 5)) === "Adobe")
      adobeTransform = data[body + 11]!;
    else if (marker === 0xda) {
      at = decodeScan(body, end);
      scans++;
      continue;
    }
    at = end;
  }
  if (scans === 0 || components.length === 0) throw new JpegUnreadable("no image data");
  if (!ended) throw new JpegUnreadable("the file is truncated");

  // One pixel per block: each component's mean at that block, in RGB.
  const blocksWide = Math.ceil(width / 8);
  const blocksHigh = Math.ceil(height / 8);
  const rgb = new Uint8Array(blocksWide * blocksHigh * 3);
  const planes = components.map((c) => {
    const q0 = c.quant?.[0] ?? quantTables[c.tq]?.[0];
    if (q0 === undefined) throw new JpegUnreadable("a component has no quantization table");
    return { c, q0 };
  });
  // A subsampled component's block means are interpolated at each full-resolution block's centre (as
  // a decoder's smooth upsampling would), so a colour that changes across a wide block is not a step.
  const meanAt = (p: (typeof planes)[number], x: number, y: number) => {
    const at = (bx: number, by: number) =>
      p.c.dc[Math.min(Math.max(by, 0), p.c.blocksY - 1) * p.c.stride + Math.min(Math.max(bx, 0), p.c.blocksX - 1)]!;
    const fx = ((x + 0.5) * p.c.h) / maxH - 0.5;
    const fy = ((y + 0.5) * p.c.v) / maxV - 0.5;
    const x0 = Math.floor(fx);
    const y0 = Math.floor(fy);
    const tx = fx - x0;
    const ty = fy - y0;
    const dc =
      (at(x0, y0) * (1 - tx) + at(x0 + 1, y0) * tx) * (1 - ty) +
      (at(x0, y0 + 1) * (1 - tx) + at(x0 + 1, y0 + 1) * tx) * ty;
    return (dc * p.q0) / 8 + 128;
  };
  const rgbIds = components.map((c) => c.id).join(",") === "82,71,66";
  const transform = components.length === 3 && (adobeTransform === null ? !rgbIds : adobeTransform !== 0);
  for (let y = 0, o = 0; y < blocksHigh; y++)
    for (let x = 0; x < blocksWide; x++, o += 3) {
      if (planes.length === 1) {
        const grey = clamp(meanAt(planes[0]!, x, y));
        rgb[o] = grey;
        rgb[o + 1] = grey;
        rgb[o + 2] = grey;
        continue;
      }
      const [a, b, c] = [meanAt(planes[0]!, x, y), meanAt(planes[1]!, x, y), meanAt(planes[2]!, x, y)];
      if (!transform) {
        rgb[o] = clamp(a);
        rgb[o + 1] = clamp(b);
        rgb[o + 2] = clamp(c);
      } else {
        rgb[o] = clamp(a + 1.402 * (c - 128));
        rgb[o + 1] = clamp(a - 0.344136 * (b - 128) - 0.714136 * (c - 128));
        rgb[o + 2] = clamp(a + 1.772 * (b - 128));
      }
    }

  // The first component is the brightness unless the three are red, green and blue.
  const lumaFirst = components.length === 1 || transform;
  return {
    width,
    height,
    blocksWide,
    blocksHigh,
    rgb,
    sharpness: sampled && lumaFirst ? sharpnessOf(sampled, components[0]!) : null,
    progressive,
  };
}

/** The variance of the Laplacian inside each sampled block (its 6 × 6 inner pixels, from their true neighbours). */
function sharpnessOf(sampled: Int32Array, luma: Component): number | null {
  const quant = luma.quant;
  if (!quant) return null;
  const coefficients = new Float64Array(64);
  const pixels = new Float64Array(64);
  let sum = 0;
  let squares = 0;
  let n = 0;
  for (let slot = 0; slot * 64 < sampled.length; slot++) {
    for (let i = 0; i < 64; i++) coefficients[i] = sampled[slot * 64 + i]! * quant[i]!;
    inverseDct(coefficients, pixels);
    for (let y = 1; y < 7; y++)
      for (let x = 1; x < 7; x++) {
        const at = y * 8 + x;
        const v = pixels[at - 1]! + pixels[at + 1]! + pixels[at - 8]! + pixels[at + 8]! - 4 * pixels[at]!;
        sum += v;
        squares += v * v;
        n++;
      }
  }
  return n ? squares / n - (sum / n) ** 2 : null;
}
