// A shared copy's nonce replaced in its bytes (app/http/copy-nonce.ts, issue 17 goal 1): the same
// answer as replacing the attribute's text, at the offsets noted with the copy, or found again when the
// note is missing or does not fit.
import { describe, expect, it } from "vitest";
import { nonceOffsets, offsetsNote, readOffsetsNote, replaceNonce } from "~/http/copy-nonce";
import { cspNonce } from "~/platform/security-headers";

const encode = (text: string) => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

const old = cspNonce();
const fresh = cspNonce();
// Characters of two, three and four bytes before and between the scripts: offsets count bytes.
const page = [
  `<!DOCTYPE html><title>Café — ♪ 🎸</title><script nonce="${old}">window.a=1</script>`,
  `<p>“${old}” in the text is not an attribute</p><script nonce="${old}" type="module">import "x"</script>`,
  `<script nonce="${old}x">not this one</script><link nonce="${old}"></body>`,
].join("");
const asText = page.replaceAll(`nonce="${old}"`, `nonce="${fresh}"`);

describe("a shared copy's nonce", () => {
  it("is found at every attribute that carries it, as byte offsets", () => {
    const bytes = encode(page);
    const offsets = nonceOffsets(bytes, old);
    expect(offsets).toHaveLength(3);
    for (const at of offsets) expect(decode(bytes.subarray(at - 7, at + 25))).toBe(`nonce="${old}"`);
  });

  it("is replaced at the noted offsets: the same page as replacing its text, in place, the same length", () => {
    const bytes = encode(page);
    const noted = readOffsetsNote(offsetsNote(nonceOffsets(bytes, old)));
    const replaced = replaceNonce(bytes, old, fresh, noted);
    expect(replaced).toBe(bytes);
    expect(decode(replaced)).toBe(asText);
    expect(replaced.length).toBe(encode(page).length);
  });

  it("is searched for when the note is missing or does not fit the page", () => {
    for (const noted of [null, [0, 5], [nonceOffsets(encode(page), old)[0] + 1], [1_000_000]])
      expect(decode(replaceNonce(encode(page), old, fresh, noted))).toBe(asText);
  });

  it("is left alone where the page has none", () => {
    const plain = "<p>no scripts</p>";
    expect(decode(replaceNonce(encode(plain), old, fresh, []))).toBe(plain);
    expect(nonceOffsets(encode(plain), old)).toEqual([]);
  });

  it("is never replaced by a nonce of another length (the page would shift)", () => {
    expect(() => replaceNonce(encode(page), old, `${fresh}==`, null)).toThrow(/same length/);
  });

  it("has the length the replacement counts on: every nonce is 24 characters", () => {
    for (let i = 0; i < 200; i++) expect(cspNonce()).toHaveLength(24);
  });

  it("reads its note back, or nothing from a note that is not offsets", () => {
    expect(readOffsetsNote(offsetsNote([3, 70, 1200]))).toEqual([3, 70, 1200]);
    expect(readOffsetsNote(offsetsNote([]))).toEqual([]);
    for (const bad of [null, "1,x", "-1", "1.5", "1,,2"]) expect(readOffsetsNote(bad)).toBeNull();
  });
});
