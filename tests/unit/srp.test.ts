/**
 * SRP-6a against the hosted user pool's own browser client: amazon-cognito-identity-js's
 * AuthenticationHelper plays the client (its A, its session key, its signature exactly as CognitoUser
 * sends it) and srp.server.ts the server.
 */
import AuthenticationHelper from "amazon-cognito-identity-js/lib/AuthenticationHelper";
import BigInteger from "amazon-cognito-identity-js/lib/BigInteger";
import DateHelper from "amazon-cognito-identity-js/lib/DateHelper";
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  makeVerifier,
  modPow,
  padHex,
  parseSrpTimestamp,
  serverEphemeral,
  verifyPasswordClaim,
  type PasswordClaim,
} from "~/features/identity/srp.server";

const POOL = "Studio";
const USER = "0b6c2b1e-6a47-4cf4-9d43-1f0f3f5b2c11";

/** What CognitoUser.authenticateUserDefaultAuth sends back for a PASSWORD_VERIFIER challenge. */
async function clientClaim(password: string, stored: { salt: string; verifier: string }, timestamp?: string) {
  const helper = new AuthenticationHelper(POOL);
  const A = await new Promise<string>((resolve, reject) =>
    helper.getLargeAValue((error, value) => (error ? reject(error) : resolve(value.toString(16)))),
  );
  const ephemeral = (await serverEphemeral(A, stored.verifier))!;
  const secretBlock = crypto.getRandomValues(new Uint8Array(64));
  const key = await new Promise<Buffer>((resolve, reject) =>
    helper.getPasswordAuthenticationKey(
      USER,
      password,
      new BigInteger(ephemeral.publicB, 16),
      new BigInteger(stored.salt, 16),
      (error, value) => (error ? reject(error) : resolve(value)),
    ),
  );
  const now = timestamp ?? new DateHelper().getNowString();
  const signature = createHmac("sha256", key)
    .update(Buffer.concat([Buffer.from(POOL), Buffer.from(USER), Buffer.from(secretBlock), Buffer.from(now)]))
    .digest("base64");
  return {
    poolName: POOL,
    userId: USER,
    publicA: A,
    ephemeral,
    verifier: stored.verifier,
    secretBlock,
    timestamp: now,
    signature,
  } satisfies PasswordClaim;
}

describe("SRP-6a with the hosted pool's client", () => {
  it("accepts the signature of a client that knows the password", async () => {
    const stored = await makeVerifier(POOL, USER, "correct horse battery");
    expect(await verifyPasswordClaim(await clientClaim("correct horse battery", stored))).toBe(true);
  });

  it("refuses a wrong password, another user's name, another pool and a changed timestamp", async () => {
    const stored = await makeVerifier(POOL, USER, "correct horse battery");
    expect(await verifyPasswordClaim(await clientClaim("correct horse batterY", stored))).toBe(false);
    const claim = await clientClaim("correct horse battery", stored);
    expect(await verifyPasswordClaim({ ...claim, userId: "someone-else" })).toBe(false);
    expect(await verifyPasswordClaim({ ...claim, poolName: "Other" })).toBe(false);
    expect(await verifyPasswordClaim({ ...claim, timestamp: claim.timestamp.replace(/\d{4}$/, "1999") })).toBe(false);
    expect(await verifyPasswordClaim({ ...claim, signature: "" })).toBe(false);
  });

  it("gives each password set its own salt, so equal passwords have different verifiers", async () => {
    const [one, two] = await Promise.all([makeVerifier(POOL, USER, "same"), makeVerifier(POOL, USER, "same")]);
    expect(one.salt).not.toBe(two.salt);
    expect(one.verifier).not.toBe(two.verifier);
  });

  it("refuses an A that is 0 mod N, and anything that is not hex", async () => {
    const stored = await makeVerifier(POOL, USER, "pw");
    const N = new AuthenticationHelper(POOL).N.toString(16);
    expect(await serverEphemeral("0", stored.verifier)).toBeNull();
    expect(await serverEphemeral(N, stored.verifier)).toBeNull();
    expect(await serverEphemeral("xyz", stored.verifier)).toBeNull();
    expect(await serverEphemeral("", stored.verifier)).toBeNull();
  });
});

describe("SRP helpers", () => {
  it("pads hex as the clients do", () => {
    expect(padHex(0x14n)).toBe("14");
    expect(padHex(0xecn)).toBe("00ec");
    expect(padHex(0x1n)).toBe("01");
    expect(padHex(0x8000n)).toBe("008000");
  });

  it("computes modular powers", () => {
    expect(modPow(4n, 13n, 497n)).toBe(445n);
    expect(modPow(2n, 0n, 7n)).toBe(1n);
    expect(modPow(-3n, 3n, 7n)).toBe(1n);
  });

  it("reads the clients' timestamp and refuses anything else", () => {
    expect(parseSrpTimestamp("Thu Nov 26 09:05:07 UTC 2026")).toBe(Date.UTC(2026, 10, 26, 9, 5, 7));
    expect(parseSrpTimestamp("Tue Dec 1 00:00:00 UTC 2026")).toBe(Date.UTC(2026, 11, 1));
    expect(parseSrpTimestamp(new DateHelper().getNowString())).not.toBeNull();
    expect(parseSrpTimestamp("Fri Nov 26 09:05:07 UTC 2026")).toBeNull(); // wrong weekday
    expect(parseSrpTimestamp("Mon Feb 30 09:05:07 UTC 2026")).toBeNull();
    expect(parseSrpTimestamp("Thu Nov 26 24:05:07 UTC 2026")).toBeNull();
    expect(parseSrpTimestamp("2026-11-26T09:05:07Z")).toBeNull();
  });
});
