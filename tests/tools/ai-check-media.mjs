// The files `npm run ai:check` uploads and links for each idea, built byte by byte from the idea's own
// words so no tool or download is needed: a PNG (a landscape of the idea's colours), a PDF of the
// idea's article, a WAV recording with a title, and the article as a web page.
import { deflateSync } from "node:zlib";

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "ascii");
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** A stable number from text, so each idea gets its own colours. */
const hash = (text) => [...text].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 7);

/**
 * An RGB PNG of `width`×`height`: a sky over hills and a darker ground, in colours taken from `seed`,
 * with some texture, so an analyser that measures brightness, colours and sharpness has something to read.
 */
export function landscapePng(seed, width = 96, height = 64) {
  const h = hash(seed);
  const sky = [120 + (h % 100), 150 + ((h >> 8) % 90), 200 + ((h >> 16) % 55)];
  const hill = [40 + ((h >> 4) % 80), 90 + ((h >> 12) % 100), 40 + ((h >> 20) % 60)];
  const ground = hill.map((v) => Math.max(0, v - 30));
  const rows = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const ridge = height * 0.55 + Math.sin((x / width) * Math.PI * 2 + (h % 7)) * height * 0.08;
      const base = y < ridge ? sky : y < height * 0.8 ? hill : ground;
      const grain = ((x * 7 + y * 13 + h) % 11) - 5;
      for (let c = 0; c < 3; c++) row[1 + x * 3 + c] = Math.min(255, Math.max(0, base[c] + grain));
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Text a Type 1 font's WinAnsi encoding can show: anything else becomes a space. */
const winAnsi = (text) => text.replace(/[^\x20-\x7e]+/g, " ").replace(/\s+/g, " ");
const pdfString = (text) => `(${winAnsi(text).replace(/[\\()]/g, (c) => `\\${c}`)})`;

/** Words wrapped to lines of at most `width` characters. */
function wrap(text, width = 80) {
  const lines = [];
  let line = "";
  for (const word of winAnsi(text).split(" ")) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** A one-page PDF with real text (Helvetica), its paragraphs wrapped, and a title and an author. */
export function articlePdf({ title, paragraphs }, author) {
  const lines = [title, "", ...paragraphs.flatMap((p) => [...wrap(p), ""])];
  const objects = [];
  const add = (body) => objects.push(body) && objects.length;
  add("<< /Type /Catalog /Pages 2 0 R >>");
  add("<< /Type /Pages /Kids [5 0 R] /Count 1 >>");
  const font = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  const stream = `BT /F1 11 Tf 14 TL 72 740 Td\n${lines.map((l) => (l ? `${pdfString(l)} Tj T*` : "T*")).join("\n")}\nET`;
  const contents = add(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  add(
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${contents} 0 R >>`,
  );
  const info = add(`<< /Title ${pdfString(title)} /Author ${pdfString(author)} >>`);
  let out = "%PDF-1.4\n";
  const offsets = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

/** A mono 16-bit PCM WAV of `seconds` of a quiet tone, with a title (INAM) and an artist (IART). */
export function recordingWav(seconds, title, artist, rate = 8000) {
  const tag = (id, value) => {
    const text = winAnsi(value);
    const padded = text.length % 2 ? `${text}\0` : `${text}\0\0`;
    return Buffer.concat([Buffer.from(id, "ascii"), u32(padded.length), Buffer.from(padded, "latin1")]);
  };
  const info = Buffer.concat([Buffer.from("INFO", "ascii"), tag("INAM", title), tag("IART", artist)]);
  const samples = Buffer.alloc(Math.round(seconds * rate) * 2);
  for (let i = 0; i < samples.length / 2; i++)
    samples.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 3000), i * 2);
  const fmt = Buffer.alloc(16);
  fmt.writeUInt16LE(1, 0); // PCM
  fmt.writeUInt16LE(1, 2); // mono
  fmt.writeUInt32LE(rate, 4);
  fmt.writeUInt32LE(rate * 2, 8);
  fmt.writeUInt16LE(2, 12);
  fmt.writeUInt16LE(16, 14);
  const body = Buffer.concat([
    Buffer.from("WAVE", "ascii"),
    Buffer.from("fmt ", "ascii"),
    u32(16),
    fmt,
    Buffer.from("LIST", "ascii"),
    u32(info.length),
    info,
    Buffer.from("data", "ascii"),
    u32(samples.length),
    samples,
  ]);
  return Buffer.concat([Buffer.from("RIFF", "ascii"), u32(body.length), body]);
}

function u32(n) {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n, 0);
  return b;
}

const escapeHtml = (text) =>
  text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

/** The article as a web page with Open Graph tags, as a blog would serve it. */
export function articleHtml({ title, description, paragraphs }, site) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>${escapeHtml(title)} | ${escapeHtml(site)}</title>
<meta property="og:title" content="${escapeHtml(title)}">
<meta property="og:description" content="${escapeHtml(description)}">
<meta property="og:site_name" content="${escapeHtml(site)}">
</head><body><nav><p>Home · Articles</p></nav>
<main><article><h1>${escapeHtml(title)}</h1>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
</article></main><footer><p>© ${escapeHtml(site)}</p></footer></body></html>`;
}
