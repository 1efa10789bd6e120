// Unit tests: pure rules, in Node. `npm run test:unit`
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("../app", import.meta.url)) } },
  test: {
    root: fileURLToPath(new URL("..", import.meta.url)),
    include: ["tests/unit/**/*.test.ts"],
    environment: "node",
  },
});
