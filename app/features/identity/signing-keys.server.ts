/**
 * The identity API's signing keys: RS256, so any app can check our tokens offline against the public
 * half at /.well-known/jwks.json while only we can sign. Kept in D1 (table signing_keys) so every
 * isolate signs with the same key the page publishes.
 */
import { asc } from "drizzle-orm";
import type { JWK } from "jose";
import { signingKeys } from "~/db/schema";
import type { AppContext } from "~/platform/context";
import { randomHex } from "~/platform/crypto.server";
import { loadOnce } from "~/platform/load-once";

/**
 * jose, the JWT library: a module of its own beside the worker (workers/lazy-modules.mjs), loaded by the
 * requests that sign tokens (the identity API, hosted sign-in).
 */
export const jose = loadOnce(() => import("jose"));

export const SIGNING_ALGORITHM = "RS256";

/**
 * The key that signs: the oldest in the table. The first sign-in makes one; two isolates that race
 * to make it both insert, and both then sign with the same (oldest) one.
 */
export async function signingKey(app: AppContext): Promise<{ kid: string; key: CryptoKey }> {
  const oldest = () =>
    app.db.select().from(signingKeys).orderBy(asc(signingKeys.createdAt), asc(signingKeys.kid)).get();
  let row = await oldest();
  if (!row) {
    const { exportJWK, generateKeyPair } = await jose();
    const pair = await generateKeyPair(SIGNING_ALGORITHM, { extractable: true, modulusLength: 2048 });
    const kid = randomHex(16);
    await app.db.insert(signingKeys).values({
      kid,
      publicJwk: JSON.stringify(await exportJWK(pair.publicKey)),
      privateJwk: JSON.stringify(await exportJWK(pair.privateKey)),
      createdAt: app.now,
    });
    row = (await oldest())!;
  }
  const key = await (await jose()).importJWK(JSON.parse(row.privateJwk) as JWK, SIGNING_ALGORITHM);
  return { kid: row.kid, key: key as CryptoKey };
}

/** The JSON Web Key Set: the public half of every key, as /.well-known/jwks.json serves it. */
export async function publishedKeys(app: AppContext): Promise<{ keys: JWK[] }> {
  const rows = await app.db
    .select({ kid: signingKeys.kid, publicJwk: signingKeys.publicJwk })
    .from(signingKeys)
    .orderBy(asc(signingKeys.createdAt), asc(signingKeys.kid));
  return {
    keys: rows.map(({ kid, publicJwk }) => ({
      ...(JSON.parse(publicJwk) as JWK),
      kid,
      alg: SIGNING_ALGORITHM,
      use: "sig",
    })),
  };
}
