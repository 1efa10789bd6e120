// drizzle-kit writes SQL migrations from app/db/schema.ts: `npx drizzle-kit generate --config migrations/drizzle.config.ts`
import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  schema: "./app/db/schema.ts",
  out: "./migrations",
});
