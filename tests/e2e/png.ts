// Pictures made in the tests: real files the server sniffs and measures.
import { deflateSync, crc32 } from "node:zlib";
import { encode as encodeJpeg } from "jpeg-js";

/** A real PNG: width × height of one colour (the analysis measures its pixels). */
export function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * A phone camera's full-size photo: a real 12-megapixel JPEG (4032 × 3024) made with jpeg-js, sky over
 * grass with a camera's grain (the analysis measures it; the browser, with JavaScript, makes it smaller).
 */
export function phonePhoto(): Buffer {
  const [width, height] = [4032, 3024];
  const rgba = new Uint8Array(width * height * 4);
  let seed = 3;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const base = y < height * 0.45 ? [110, 170, 220] : [70, 140, 70];
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const grain = ((seed >> 16) % 13) - 6;
      const i = (y * width + x) * 4;
      rgba[i] = base[0]! + grain;
      rgba[i + 1] = base[1]! + grain;
      rgba[i + 2] = base[2]! + grain;
      rgba[i + 3] = 255;
    }
  return Buffer.from(encodeJpeg({ width, height, data: rgba }, 88).data);
}
