// Files the description tests upload: a PDF with real text (Helvetica text objects, one page per
// list of lines, a document info dictionary) and a WAV recording with a LIST INFO title, both
// built byte by byte so the tests need no tools.

const encoder = new TextEncoder();

/** A PDF string literal: parentheses and backslashes escaped. */
const pdfString = (text: string) => `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;

/** A valid PDF: pages of text lines (an empty line is a paragraph break), a title and an author. */
export function simplePdf(pages: string[][], info: { title?: string; author?: string } = {}): Uint8Array {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body) && objects.length;
  add("<< /Type /Catalog /Pages 2 0 R >>");
  add(""); // the page tree, filled in once the pages are known
  const font = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  const kids: number[] = [];
  for (const lines of pages) {
    const text = lines.map((line) => (line ? `${pdfString(line)} Tj T*` : "T*")).join("\n");
    const stream = `BT /F1 11 Tf 14 TL 72 740 Td\n${text}\nET`;
    const contents = add(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
    kids.push(
      add(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${contents} 0 R >>`,
      ),
    );
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(" ")}] /Count ${kids.length} >>`;
  const infoRef = add(
    `<< ${info.title ? `/Title ${pdfString(info.title)} ` : ""}${info.author ? `/Author ${pdfString(info.author)} ` : ""}>>`,
  );
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${infoRef} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return encoder.encode(out);
}

/** A mono 16-bit PCM WAV of `seconds` of a quiet tone, with a title (INAM) and artist (IART). */
export function simpleWav(seconds: number, title: string, artist: string, rate = 8000): Uint8Array {
  const samples = Math.round(seconds * rate);
  const tag = (id: string, value: string) => {
    const padded = value.length % 2 ? `${value}\0` : `${value}\0\0`;
    return [id, padded.length, padded] as const;
  };
  const tags = [tag("INAM", title), tag("IART", artist)];
  const listSize = 4 + tags.reduce((n, [, size]) => n + 8 + size, 0);
  const size = 12 + 24 + 8 + listSize + 8 + samples * 2;
  const view = new DataView(new ArrayBuffer(size));
  let at = 0;
  const ascii = (s: string) => {
    for (const c of s) view.setUint8(at++, c.charCodeAt(0));
  };
  const u32 = (n: number) => {
    view.setUint32(at, n, true);
    at += 4;
  };
  const u16 = (n: number) => {
    view.setUint16(at, n, true);
    at += 2;
  };
  ascii("RIFF");
  u32(size - 8);
  ascii("WAVE");
  ascii("fmt ");
  u32(16);
  u16(1);
  u16(1);
  u32(rate);
  u32(rate * 2);
  u16(2);
  u16(16);
  ascii("LIST");
  u32(listSize);
  ascii("INFO");
  for (const [id, length, value] of tags) {
    ascii(id);
    u32(length);
    ascii(value);
  }
  ascii("data");
  u32(samples * 2);
  for (let i = 0; i < samples; i++) u16(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 3000) & 0xffff);
  return new Uint8Array(view.buffer);
}
