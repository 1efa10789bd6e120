/// <reference types="@cloudflare/vitest-pool-workers/types" />
declare namespace Cloudflare {
  interface Env {
    DB: D1Database;
    CACHE: KVNamespace;
    MEDIA: R2Bucket;
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    TEST_SEED: string[];
    TEST_SEEDED_AT: number;
  }
}
