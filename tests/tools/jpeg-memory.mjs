// Reads a JPEG with the reduced-scale reader in this process of its own and prints what memory it took,
// as JSON: `node tests/tools/jpeg-memory.mjs <bundled jpeg-blocks module> <photo.jpg>`
// (tests/unit/jpeg-large.test.ts). `peak` is the resident memory at its highest while reading, over
// what the process held before (the file already read). Linux carries the peak of the process a
// child was spawned from into its maxRSS across exec, so the peak is this process's own high-water
// mark (VmHWM in /proc/self/status, first reset to the current size), where there is one.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [modulePath, photoPath] = process.argv.slice(2);
const { decodeJpegBlocks } = await import(pathToFileURL(modulePath).href);
const bytes = new Uint8Array(readFileSync(photoPath));

const status = (field) => {
  try {
    const found = new RegExp(`^${field}:\\s+(\\d+) kB$`, "m").exec(readFileSync("/proc/self/status", "utf8"));
    return found ? Number(found[1]) * 1024 : null;
  } catch {
    return null;
  }
};
try {
  writeFileSync("/proc/self/clear_refs", "5");
} catch {
  // Not Linux: maxRSS below.
}
const before = process.memoryUsage();
const read = decodeJpegBlocks(bytes);
const after = process.memoryUsage();
const highWater = status("VmHWM");
console.log(
  JSON.stringify({
    peak: (highWater ?? process.resourceUsage().maxRSS * 1024) - before.rss,
    measuredBy: highWater === null ? "maxRSS" : "VmHWM",
    kept: after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers,
    width: read.width,
    height: read.height,
    blocksWide: read.blocksWide,
  }),
);
