/** The identity API's tests: one action as the hosted service's clients send it, and the emailed code. */
import { env } from "cloudflare:test";
import { expect } from "vitest";
import { call } from "./app-context";

export { callWith } from "./built-worker";

export async function identity(action: string, body: unknown, path = "/api/identity", send = call) {
  const response = await send(path, {
    method: "POST",
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: {
      "Content-Type": "application/x-amz-json-1.1",
      "X-Amz-Target": `AWSCognitoIdentityProviderService.${action}`,
    },
  });
  return { status: response.status, body: JSON.parse(new TextDecoder().decode(await response.arrayBuffer())) as any };
}

/** The six-digit code in the latest email to `to` (outbox). */
export const latestCode = async (to: string) =>
  (await env.DB.prepare('SELECT text FROM outbox_emails WHERE "to" = ? ORDER BY created_at DESC LIMIT 1')
    .bind(to)
    .first<{ text: string }>())!.text.match(/code is (\d{6})/)![1];

/** Asserts the tokens of a sign-in are revoked: the access token on both APIs, and the refresh token. */
export async function expectRevoked(tokens: { AccessToken: string; RefreshToken: string }) {
  expect((await identity("GetUser", { AccessToken: tokens.AccessToken })).body).toEqual({
    __type: "NotAuthorizedException",
    message: "Access Token has been revoked",
  });
  const refresh = await identity("InitiateAuth", {
    AuthFlow: "REFRESH_TOKEN_AUTH",
    AuthParameters: { REFRESH_TOKEN: tokens.RefreshToken },
  });
  expect(refresh.body).toEqual({ __type: "NotAuthorizedException", message: "Invalid Refresh Token" });
  const api = await call("/api/users/getBasicUserInfo", { headers: { Authorization: `Bearer ${tokens.AccessToken}` } });
  expect(api.status).toBe(401);
}

/** Each authenticator code works once per 30-second step: the last one used is moved back, as if a minute had passed. */
export const nextTotpStep = (email: string) =>
  env.DB.prepare(
    "UPDATE totp_factors SET last_step = last_step - 2 WHERE user_id = (SELECT id FROM users WHERE email = ?)",
  )
    .bind(email)
    .run();
