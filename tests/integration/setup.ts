// Every test file starts with an empty D1: apply the migrations, then the demo catalogue.
import { applyD1Migrations, env } from "cloudflare:test";
import { beforeAll } from "vitest";

beforeAll(async () => {
  const testEnv = env as unknown as {
    DB: D1Database;
    TEST_MIGRATIONS: Parameters<typeof applyD1Migrations>[1];
    TEST_SEED: string[];
  };
  await applyD1Migrations(testEnv.DB, testEnv.TEST_MIGRATIONS);
  const seeded = await testEnv.DB.prepare("SELECT count(*) AS n FROM products").first<{ n: number }>();
  if (!seeded?.n) await testEnv.DB.batch(testEnv.TEST_SEED.map((statement) => testEnv.DB.prepare(statement)));
});
