/// <reference types="@cloudflare/vitest-pool-workers/types" />
declare namespace Cloudflare {
  interface Env {
    DB: D1Database;
    CACHE: KVNamespace;
    MEDIA: R2Bucket;
    // eslint-disable-next-line @typescript-eslint/consistent-type-imports -- a top-level import would make this global declaration a module
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    TEST_SEED: string[];
    TEST_SEEDED_AT: number;
    /** wrangler.toml's [vars], as a deploy gets them (the suite's own bindings override ENVIRONMENT). */
    TEST_DEPLOY_VARS: Record<string, unknown>;
    /** The local web of link-pages.global.ts, on a free port, and a port it must never reach. */
    TEST_PAGES_ORIGIN: string;
    TEST_FORBIDDEN_ORIGIN: string;
  }
}
