// Integration tests: services and the JSON API inside workerd against a real (local) D1.
// The worker under test is the built one named in wrangler.toml: `npm run build` first.
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { unstable_readConfig } from "wrangler";
import { builtRoutes } from "./tools/built-routes.mjs";
import { studioTierStatements } from "./tools/apps-sql.mjs";
import { btsStatements } from "./tools/bts-sql.mjs";
import { catalogueStatements } from "./tools/catalogue-sql.mjs";
import { challengeStatements } from "./tools/challenge-sql.mjs";
import { experimentStatements } from "./tools/experiments-sql.mjs";
import { freePorts } from "./tools/free-ports.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));

export default defineConfig(async () => {
  const migrations = await readD1Migrations(`${root}/migrations`);
  // One fixed clock for the seed, so "new releases" and offers are the same in every test file.
  const seededAt = Date.now();
  // What a plain `wrangler deploy` would run with: production.test.ts checks the worker under it.
  const deployVars = unstable_readConfig({ config: `${root}/wrangler.toml` }).vars;
  // The local web of link-pages.global.ts (started in this process, which reads these) on free ports,
  // so the suite runs beside `npm start` or another run.
  if (!process.env.TEST_LINK_PAGES_PORT) {
    const [pages, forbidden] = await freePorts(2);
    process.env.TEST_LINK_PAGES_PORT = String(pages);
    process.env.TEST_FORBIDDEN_PORT = String(forbidden);
  }
  const pagesOrigin = `http://127.0.0.1:${process.env.TEST_LINK_PAGES_PORT}`;
  return {
    resolve: { alias: { "~": `${root}/app` } },
    plugins: [
      cloudflareTest({
        wrangler: { configPath: `${root}/wrangler.toml` },
        // Workers AI (wrangler.toml [ai]) is always remote: it would need a Cloudflare login. Off, the
        // binding is there but cannot run, and the AI layer uses its embedded default in tests.
        remoteBindings: false,
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            TEST_SEED: [
              ...catalogueStatements(seededAt),
              ...studioTierStatements(),
              ...challengeStatements(seededAt),
              ...btsStatements(seededAt),
              ...experimentStatements(seededAt),
            ],
            TEST_SEEDED_AT: seededAt,
            TEST_DEPLOY_VARS: deployVars,
            TEST_ROUTES: builtRoutes(root),
            ENVIRONMENT: "test",
            STRIPE_WEBHOOK_SECRET: "whsec_integration",
            // Link previews and media descriptions read the local pages of link-pages.global.ts:
            // the safe fetch lets exactly that host and port through (and YouTube is its stand-in).
            LINK_FETCH_ALLOW: new URL(pagesOrigin).host,
            YOUTUBE_BASE_URL: `${pagesOrigin}/youtube`,
            TEST_PAGES_ORIGIN: pagesOrigin,
            TEST_FORBIDDEN_ORIGIN: `http://127.0.0.1:${process.env.TEST_FORBIDDEN_PORT}`,
          },
        },
      }),
    ],
    test: {
      root,
      include: ["tests/integration/**/*.test.ts"],
      setupFiles: ["tests/integration/setup.ts"],
      globalSetup: ["tests/integration/link-pages.global.ts"],
      // Vitest's default is one file at a time on a two-core machine (cores - 1), and a file spends much
      // of its time starting its own workerd and seeding D1 rather than on a core: two at a time take
      // about a quarter less time on two cores than one at a time.
      maxWorkers: 2,
      // @remix-run/cloudflare is CommonJS only, which the workers pool's module runner cannot load
      // (services that set cookies import it); pre-bundled by esbuild it loads as an ES module. The same
      // goes for amazon-cognito-identity-js, the hosted pool's client that identity-client.test.ts drives.
      // The AI SDK and its providers (#lazy/ai-sdk) are ES modules, but hundreds of them (zod 4 among
      // them): pre-bundled, a file's first call to a configured model loads them in well under a second
      // instead of seconds, which an AI call's deadline counts.
      deps: {
        optimizer: {
          ssr: {
            enabled: true,
            include: [
              "@remix-run/cloudflare",
              "amazon-cognito-identity-js",
              "ai",
              "@ai-sdk/openai-compatible",
              "workers-ai-provider",
            ],
          },
        },
      },
    },
  };
});
