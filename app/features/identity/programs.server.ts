/** Per-user program state by slug (a school session, a challenge…): what the program's screens remember. */
import { and, eq } from "drizzle-orm";
import { programInfos } from "~/db/schema";
import type { AppContext } from "~/platform/context";

export const PROGRAM_SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/;

export async function programInfo(app: AppContext, userId: string, slug: string): Promise<unknown> {
  const row = await app.db
    .select({ info: programInfos.info })
    .from(programInfos)
    .where(and(eq(programInfos.userId, userId), eq(programInfos.slug, slug)))
    .get();
  return row?.info ?? null;
}

export async function saveProgramInfo(app: AppContext, userId: string, slug: string, info: unknown): Promise<void> {
  await app.db
    .insert(programInfos)
    .values({ userId, slug, info, updatedAt: app.now })
    .onConflictDoUpdate({ target: [programInfos.userId, programInfos.slug], set: { info, updatedAt: app.now } });
}
