// Unit tests: pure rules, in Node. `npm run test:unit`
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("../app", import.meta.url)) } },
  test: {
    root: fileURLToPath(new URL("..", import.meta.url)),
    include: ["tests/unit/**/*.test.ts"],
    environment: "node",
    // A file's first test may load a lazy module (the idea tagger, the cover font) and paint pictures in
    // plain JavaScript; on a shared two-core machine that took over the 5 s default. Timing is never
    // asserted here (the benches measure speed), so the limit only catches a test that hangs.
    testTimeout: 30_000,
  },
});
