// A page's HTML leaves the worker in React's flushes (16K characters each, workers/patches/react-dom+18.3.1.patch),
// not in 4,096-byte reads. React's stream was a byte stream, which workerd reads 4,096 bytes at a time: every
// read a round trip between the runtime and JavaScript, sixteen for the catalogue's page instead of four, and
// the bench's signed-in /classes paid ~0.5 ms of CPU a request for them (issue 17 goal 2).
import { describe, expect, it } from "vitest";
import { callWith } from "./built-worker";

/** The page's body as the worker answers it (called directly, so it is the worker's own stream): each chunk's size. */
async function chunksOf(path: string, headers: Record<string, string>): Promise<number[]> {
  const response = await callWith({})(path, { headers });
  expect(response.status).toBe(200);
  const sizes: number[] = [];
  const reader = response.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    sizes.push(value.byteLength);
  }
  return sizes;
}

describe("a page's HTML", () => {
  it("is read in React's flushes, not 4,096 bytes at a time", async () => {
    // A cookie the shared copies do not know: the visitor's own render, streamed (a shared copy is one buffer).
    const sizes = await chunksOf("/classes", { Cookie: "someone=1" });
    const total = sizes.reduce((sum, size) => sum + size, 0);
    expect(total).toBeGreaterThan(40_000);
    // A flush is written whole once it passes 16K characters; read 4,096 bytes at a time, no chunk would be.
    expect(Math.max(...sizes)).toBeGreaterThan(16_384);
    expect(sizes.length).toBeLessThan(total / 4_096);
  });
});
