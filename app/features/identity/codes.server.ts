/**
 * Single-use verification codes: six digits, emailed, valid for one hour. Only a salted hash is
 * stored; issuing a new code retires the older ones; the code is spent in the same transaction as
 * the change it authorises (see reset-password.server.ts), so it works once.
 */
import { and, desc, eq, isNull } from "drizzle-orm";
import { verificationCodes } from "~/db/schema";
import type { AppContext } from "~/platform/context";
import { constantTimeEqual, randomDigits, sha256Hex } from "~/platform/crypto.server";

const CODE_TTL_MS = 60 * 60 * 1000;
type Purpose = (typeof verificationCodes.$inferInsert)["purpose"];

const hashOf = (id: string, code: string) => sha256Hex(`${id}:${code.trim()}`);

export async function issueCode(
  app: AppContext,
  userId: string,
  purpose: Purpose,
  ttlMs = CODE_TTL_MS,
): Promise<string> {
  const code = randomDigits(6);
  const id = crypto.randomUUID();
  await app.db.batch([
    app.db
      .update(verificationCodes)
      .set({ usedAt: app.now })
      .where(
        and(
          eq(verificationCodes.userId, userId),
          eq(verificationCodes.purpose, purpose),
          isNull(verificationCodes.usedAt),
        ),
      ),
    app.db.insert(verificationCodes).values({
      id,
      userId,
      purpose,
      codeHash: await hashOf(id, code),
      createdAt: app.now,
      expiresAt: app.now + ttlMs,
    }),
  ]);
  return code;
}

export type CodeCheck = { status: "ok"; id: string } | { status: "mismatch" } | { status: "expired" };

/** Checks a code against the user's live one for the purpose, without spending it. */
export async function checkCode(app: AppContext, userId: string, purpose: Purpose, code: string): Promise<CodeCheck> {
  const row = await app.db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.userId, userId),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.usedAt),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .get();
  if (!row) return { status: "mismatch" };
  const matches = constantTimeEqual(await hashOf(row.id, code), row.codeHash);
  if (!matches) return { status: "mismatch" };
  return row.expiresAt > app.now ? { status: "ok", id: row.id } : { status: "expired" };
}

/** Spends a code on its own (attribute verification); false when it was already spent. */
export async function spendCode(app: AppContext, id: string): Promise<boolean> {
  const result = await app.db
    .update(verificationCodes)
    .set({ usedAt: app.now })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.usedAt)))
    .run();
  return result.meta.changes === 1;
}
