/**
 * Identity's raw SQL: the statements drizzle cannot say. Each is one atomic statement (or one batch)
 * whose WHERE makes a race safe; the rows they answer are typed here.
 */
import type { PasswordCredential } from "./credentials.server";
import type { AttemptPolicy, WindowPolicy } from "./rules";

/** What a claim answers when it counted the attempt. */
export interface ClaimRow {
  failures: number;
}

// The doubling wait (rules.ts attemptWaitMs) in SQL; the shift is capped so a huge count cannot wrap to 0.
const BACKOFF_CLAIM = `INSERT INTO attempt_counters (key, failures, last_failure_at) VALUES (?1, 1, ?2)
  ON CONFLICT(key) DO UPDATE SET
    failures = CASE WHEN ?2 - last_failure_at >= ?3 THEN 1 ELSE failures + 1 END,
    last_failure_at = ?2
  WHERE ?2 - last_failure_at >= ?3 OR failures < ?4
     OR ?2 >= last_failure_at + MIN((1 << MIN(MAX(failures - ?4, 0), 40)) * 1000, ?5)
  RETURNING failures`;

// A window counter keeps its start in last_failure_at; a use after the window starts a new one.
const WINDOW_CLAIM = `INSERT INTO attempt_counters (key, failures, last_failure_at) VALUES (?1, 1, ?2)
  ON CONFLICT(key) DO UPDATE SET
    failures = CASE WHEN ?2 - last_failure_at >= ?3 THEN 1 ELSE failures + 1 END,
    last_failure_at = CASE WHEN ?2 - last_failure_at >= ?3 THEN ?2 ELSE last_failure_at END
  WHERE ?2 - last_failure_at >= ?3 OR failures < ?4
  RETURNING failures`;

/** Counts one attempt under a backoff policy, in one upsert; null when the policy refuses it now. */
export function claimBackoff(
  DB: D1Database,
  key: string,
  now: number,
  policy: AttemptPolicy,
): Promise<ClaimRow | null> {
  return DB.prepare(BACKOFF_CLAIM).bind(key, now, policy.quietMs, policy.free, policy.maxMs).first<ClaimRow>();
}

/** Counts one use under a window policy, in one upsert; null when the window is full. */
export function claimWindow(DB: D1Database, key: string, now: number, policy: WindowPolicy): Promise<ClaimRow | null> {
  return DB.prepare(WINDOW_CLAIM).bind(key, now, policy.windowMs, policy.limit).first<ClaimRow>();
}

/**
 * A password reset, all or nothing: the password is written only while the code is unspent; spending
 * it comes second in the same transaction, so of two concurrent resets exactly one changes the
 * password; the sessions and API tokens end only for the reset that spent the code. True when this
 * call spent the code.
 */
export async function resetPasswordWithCode(
  DB: D1Database,
  {
    userId,
    credential,
    codeId,
    now,
  }: { userId: string; credential: PasswordCredential; codeId: string | undefined; now: number },
): Promise<boolean> {
  const code = codeId ?? null;
  const [, spent] = await DB.batch([
    DB.prepare(
      `INSERT INTO password_credentials (user_id, hash, srp_salt, srp_verifier, updated_at)
       SELECT ?1, ?2, ?5, ?6, ?3 WHERE EXISTS (SELECT 1 FROM verification_codes WHERE id = ?4 AND used_at IS NULL AND expires_at > ?3)
       ON CONFLICT(user_id) DO UPDATE SET hash = excluded.hash, srp_salt = excluded.srp_salt,
         srp_verifier = excluded.srp_verifier, updated_at = excluded.updated_at`,
    ).bind(userId, credential.hash, now, code, credential.srpSalt, credential.srpVerifier),
    DB.prepare("UPDATE verification_codes SET used_at = ?2 WHERE id = ?1 AND used_at IS NULL").bind(code, now),
    DB.prepare(
      "DELETE FROM sessions WHERE user_id = ?1 AND EXISTS (SELECT 1 FROM verification_codes WHERE id = ?2 AND used_at = ?3)",
    ).bind(userId, code, now),
    DB.prepare(
      "DELETE FROM api_tokens WHERE user_id = ?1 AND EXISTS (SELECT 1 FROM verification_codes WHERE id = ?2 AND used_at = ?3)",
    ).bind(userId, code, now),
    // The emailed code proves the address: an identity API sign-up still waiting for its code is confirmed.
    DB.prepare(
      "UPDATE users SET identity_status = 'CONFIRMED' WHERE id = ?1 AND EXISTS (SELECT 1 FROM verification_codes WHERE id = ?2 AND used_at = ?3)",
    ).bind(userId, code, now),
  ]);
  return spent.meta.changes === 1;
}
