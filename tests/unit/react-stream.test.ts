// React's streaming server renderer as patched (workers/patches/react-dom+18.3.1.patch, issue 17). The
// worker's build (react-dom/server.browser, production) encoded every chunk of HTML, each attribute
// name and value, with its own TextEncoder call: a quarter of the CPU of a page with a list of cards.
// Patched, the chunks stay strings and are encoded once per flush. These tests hold its bytes to what
// React's own development build (not patched) writes, for plain pages and for streamed boundaries.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { createElement as h, Suspense, type ReactNode } from "react";
import { describe, expect, it } from "vitest";

type Render = (
  children: ReactNode,
  options?: { nonce?: string; bootstrapScriptContent?: string; bootstrapModules?: string[]; onError?: () => void },
) => Promise<ReadableStream<Uint8Array>>;

const require = createRequire(import.meta.url);
// The files themselves: react-dom's "exports" offer only server.browser, which picks one by NODE_ENV.
const cjs = (file: string) => join(dirname(require.resolve("react-dom/package.json")), "cjs", file);
const productionFile = cjs("react-dom-server.browser.production.min.js");
const patched = (require(productionFile) as { renderToReadableStream: Render }).renderToReadableStream;
// The development build checks NODE_ENV when it loads; the tests run with NODE_ENV=test.
const reference = (require(cjs("react-dom-server.browser.development.js")) as { renderToReadableStream: Render })
  .renderToReadableStream;

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<{ bytes: Buffer; chunks: number }> {
  const parts: Buffer[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) parts.push(Buffer.from(chunk));
  return { bytes: Buffer.concat(parts), chunks: parts.length };
}

/** A value that suspends until `ms` after the tree is made, as a slow loader's data would. */
function later<T>(ms: number, value: T): () => T {
  let ready = false;
  const waiting = new Promise<void>((resolve) => setTimeout(() => ((ready = true), resolve()), ms));
  return () => {
    if (!ready) throw waiting;
    return value;
  };
}

function cards(count: number) {
  return h(
    "main",
    { className: "page", "data-note": "é ü" },
    Array.from({ length: count }, (_, i) =>
      h(
        "article",
        { key: i, className: `card card--${i}`, style: { marginTop: i }, "aria-label": `Card ${i} 🎸 ギター` },
        h("a", { href: `/classes/x/${i}?a=1&b=<2>` }, "Title ", i, " “quoted” & <escaped>"),
        h("img", { src: `/i/${i}.png`, alt: "", loading: "lazy", width: 10, height: 10 }),
        h("input", { type: "checkbox", defaultChecked: i % 2 === 0, name: "t", value: String(i) }),
        h("p", null, "x".repeat(i * 37), "🎵".repeat(i % 5)),
      ),
    ),
  );
}

const Late = ({ read }: { read: () => string }) => h("span", null, read());

/** Each page is made afresh for each render, so both renderers see its boundaries suspend alike. */
const pages: [string, () => ReactNode][] = [
  ["a small page", () => h("div", null, "hi")],
  ["24 cards", () => cards(24)],
  ["400 cards (past the 16K-character flush)", () => cards(400)],
  ["100,000 two-byte characters in one text", () => h("pre", null, "ü".repeat(100_000))],
  ["raw HTML", () => h("div", { dangerouslySetInnerHTML: { __html: `<b>ok</b>${"ß".repeat(600)}` } })],
  [
    "boundaries that stream in later",
    () =>
      h(
        "html",
        null,
        h(
          "body",
          null,
          cards(3),
          h(Suspense, { fallback: h("i", null, "loading…") }, h(Late, { read: later(20, "late one ✓") })),
          h(
            Suspense,
            { fallback: h("i", null, "loading 2") },
            h(Late, { read: later(40, `late two ${"z".repeat(20_000)}`) }),
            cards(30),
          ),
        ),
      ),
  ],
];

describe("React's streaming renderer (patched)", () => {
  it("is the patched one in node_modules", () => {
    expect(readFileSync(productionFile, "utf8")).toContain("Patched (workers/patches/react-dom+18.3.1.patch)");
  });

  it("leaves the browser's DOM renderer out of the worker: there, react-dom is an empty module", () => {
    const reactDom = dirname(productionFile).replace(/\/cjs$/, "");
    const manifest = JSON.parse(readFileSync(join(reactDom, "package.json"), "utf8")) as {
      exports: Record<string, unknown>;
    };
    expect(manifest.exports["."]).toEqual({ workerd: "./worker.js", default: "./index.js" });
    expect(Object.keys(require(join(reactDom, "worker.js")) as object)).toEqual([]);
    // Safe while react-router-dom (the only importer in the worker) takes nothing but flushSync from it, and
    // does without it: an upgrade that uses more fails here.
    const router = readFileSync(require.resolve("react-router-dom").replace(/main\.js$/, "index.js"), "utf8");
    expect(router.match(/ReactDOM[.[][^;]*/g)).toEqual(["ReactDOM[FLUSH_SYNC]"]);
    expect(router).toMatch(/if \(flushSyncImpl\) \{\s*flushSyncImpl\(cb\);\s*\} else \{\s*cb\(\);/);
  });

  it("is all the worker's react-dom/server brings: the legacy renderers stay out of the bundle", () => {
    // The worker resolves react-dom/server to server.browser.js, which required renderToString's build too.
    const entry = readFileSync(join(dirname(productionFile), "..", "server.browser.js"), "utf8");
    const required = [...entry.matchAll(/require\('([^']+)'\)/g)].map((match) => match[1]);
    expect(required).toEqual([
      "./cjs/react-dom-server.browser.production.min.js",
      "./cjs/react-dom-server.browser.development.js",
    ]);
  });

  for (const options of [{}, { nonce: "n0nce", bootstrapScriptContent: "window.x=1", bootstrapModules: ["/m.js"] }])
    for (const [name, page] of pages)
      it(`writes the same bytes as React's own build: ${name}${"nonce" in options ? ", with bootstrap scripts" : ""}`, async () => {
        const ours = await bytesOf(await patched(page(), options));
        const theirs = await bytesOf(await reference(page(), options));
        expect(ours.bytes.equals(theirs.bytes)).toBe(true);
        expect(ours.bytes.length).toBeGreaterThan(0);
        // Fewer, larger chunks: the encoding is per flush, not per piece of HTML.
        expect(ours.chunks).toBeLessThanOrEqual(theirs.chunks);
      });
});
