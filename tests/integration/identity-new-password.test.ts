/**
 * People an admin adds: a temporary password, emailed, that only lets them choose their own. On the
 * identity API as NEW_PASSWORD_REQUIRED (with the stock client's newPasswordRequired /
 * completeNewPasswordChallenge), on the web sign-in as a reset code; and the bad paths.
 */
import { AuthenticationDetails, CognitoUser, type CognitoUserSession } from "amazon-cognito-identity-js";
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { invitePerson } from "~/features/identity/invitations.server";
import { authHref } from "~/features/identity/modal";
import { testApp } from "./app-context";
import { libraryEndpoint, pool, signIn } from "./identity-client-helpers";
import { callWith, identity } from "./identity-helpers";

libraryEndpoint();

async function addPerson(email: string) {
  await invitePerson(testApp(), { email, firstName: "Ada", lastName: "Lovelace" });
  const mail = await env.DB.prepare('SELECT subject, text FROM outbox_emails WHERE "to" = ? ORDER BY created_at DESC')
    .bind(email)
    .first<{ subject: string; text: string }>();
  expect(mail?.subject).toBe("You've been added to Studio");
  return mail!.text.match(/temporary password ([A-Za-z0-9]{14})/)![1];
}
const passwordSignIn = (email: string, password: string, send = callWith({})) =>
  identity(
    "InitiateAuth",
    { AuthFlow: "USER_PASSWORD_AUTH", AuthParameters: { USERNAME: email, PASSWORD: password } },
    "/api/identity",
    send,
  );
const respond = (Session: string, ChallengeResponses: Record<string, unknown>) =>
  identity("RespondToAuthChallenge", { ChallengeName: "NEW_PASSWORD_REQUIRED", Session, ChallengeResponses });

describe("NEW_PASSWORD_REQUIRED", () => {
  it("with the stock client: the temporary password asks for a new one, which then signs in", async () => {
    const temporary = await addPerson("added-client@example.com");
    const user = new CognitoUser({ Username: "added-client@example.com", Pool: pool() });
    const details = new AuthenticationDetails({ Username: "added-client@example.com", Password: temporary });
    const asked = await new Promise<{ attributes: Record<string, string>; required: string[] }>((resolve, reject) =>
      user.authenticateUser(details, {
        onSuccess: () => reject(new Error("signed in with a temporary password")),
        onFailure: reject,
        newPasswordRequired: (attributes, required) => resolve({ attributes, required }),
      }),
    );
    expect(asked).toEqual({
      attributes: {
        email: "added-client@example.com",
        email_verified: "false",
        given_name: "Ada",
        family_name: "Lovelace",
      },
      required: [],
    });
    const session = await new Promise<CognitoUserSession>((resolve, reject) =>
      user.completeNewPasswordChallenge(
        "ada's very own password",
        { given_name: "Augusta" },
        {
          onSuccess: resolve,
          onFailure: reject,
        },
      ),
    );
    expect(session.getIdToken().decodePayload()).toMatchObject({ given_name: "Augusta", email_verified: true });
    user.signOut();
    expect((await signIn("added-client@example.com", "ada's very own password")).kind).toBe("success");
    expect(await signIn("added-client@example.com", temporary)).toMatchObject({
      kind: "failure",
      error: { code: "NotAuthorizedException" },
    });
  });

  it("refuses a bad new password, other attributes, a made-up or spent session, and another challenge's", async () => {
    const temporary = await addPerson("added-api@example.com");
    const asked = await passwordSignIn("added-api@example.com", temporary);
    expect(asked.body).toMatchObject({
      ChallengeName: "NEW_PASSWORD_REQUIRED",
      ChallengeParameters: { requiredAttributes: "[]", USER_ID_FOR_SRP: expect.any(String) },
    });
    const Session = asked.body.Session as string;
    const cases: [Record<string, unknown>, string, string, string?][] = [
      [{}, "InvalidParameterException", "New password is required."],
      [
        { NEW_PASSWORD: "short" },
        "InvalidPasswordException",
        "Password did not conform with policy: Password not long enough",
      ],
      [
        { NEW_PASSWORD: "a good new password", "userAttributes.email": "other@example.com" },
        "InvalidParameterException",
        "Attribute email cannot be changed",
      ],
      [
        { NEW_PASSWORD: "a good new password" },
        "NotAuthorizedException",
        "Invalid session for the user, session is expired.",
        "0".repeat(32),
      ],
    ];
    for (const [responses, type, message, session] of cases)
      expect((await respond(session ?? Session, responses)).body).toEqual({ __type: type, message });
    // Nothing changed: the temporary password still asks.
    expect((await passwordSignIn("added-api@example.com", temporary)).body.ChallengeName).toBe("NEW_PASSWORD_REQUIRED");

    const done = await respond(Session, { NEW_PASSWORD: "a good new password", USERNAME: "added-api@example.com" });
    expect(done.body.AuthenticationResult.AccessToken).toEqual(expect.any(String));
    expect((await respond(Session, { NEW_PASSWORD: "another new password" })).body.__type).toBe(
      "NotAuthorizedException",
    );
  });

  it("does not let another challenge's session choose a password, nor a new-password session finish MFA_SETUP", async () => {
    const temporary = await addPerson("added-cross@example.com");
    // A sign-in code's session is not a new-password session.
    const custom = await identity("InitiateAuth", {
      AuthFlow: "CUSTOM_AUTH",
      AuthParameters: { USERNAME: "added-cross@example.com" },
    });
    expect((await respond(custom.body.Session, { NEW_PASSWORD: "a good new password" })).body).toEqual({
      __type: "NotAuthorizedException",
      message: "Invalid session for the user, session is expired.",
    });
    expect((await passwordSignIn("added-cross@example.com", temporary)).body.ChallengeName).toBe(
      "NEW_PASSWORD_REQUIRED",
    );
    // And a new-password session finishes no MFA_SETUP.
    const asked = await passwordSignIn("added-cross@example.com", temporary);
    const setup = await identity(
      "RespondToAuthChallenge",
      { ChallengeName: "MFA_SETUP", Session: asked.body.Session, ChallengeResponses: {} },
      "/api/identity",
      callWith({ IDENTITY_MFA: "required" }),
    );
    expect(setup.body).toEqual({
      __type: "NotAuthorizedException",
      message: "Invalid session for the user, session is expired.",
    });
  });

  it("refuses a temporary password past its seven days", async () => {
    const temporary = await addPerson("added-expired@example.com");
    await env.DB.prepare(
      "UPDATE password_credentials SET updated_at = updated_at - 8 * 86400000 WHERE user_id = (SELECT id FROM users WHERE email = ?)",
    )
      .bind("added-expired@example.com")
      .run();
    expect((await passwordSignIn("added-expired@example.com", temporary)).body).toEqual({
      __type: "NotAuthorizedException",
      message: "Temporary password has expired and must be reset by an administrator.",
    });
  });

  it("on the web, the temporary password leads to the reset steps with a code, and no session", async () => {
    const temporary = await addPerson("added-web@example.com");
    const response = await callWith({})("/auth/login", {
      method: "POST",
      body: new URLSearchParams({ email: "added-web@example.com", password: temporary, page: "/classes" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(
      authHref("/classes", "ResetPassword", { step: "CODE", email: "added-web@example.com" }),
    );
    expect(
      response.headers.getSetCookie().some((c) => c.startsWith("__session=") || c.startsWith("studio_session=")),
    ).toBe(false);
    const code = await env.DB.prepare('SELECT text FROM outbox_emails WHERE "to" = ? ORDER BY created_at DESC')
      .bind("added-web@example.com")
      .first<{ text: string }>();
    expect(code?.text).toMatch(/code is \d{6}/);
  });
});
