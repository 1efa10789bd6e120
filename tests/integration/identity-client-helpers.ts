/**
 * amazon-cognito-identity-js pointed at the product: its requests to the endpoint reach the worker
 * in-process (fetch is routed to it), everything else is untouched.
 */
import {
  AuthenticationDetails,
  CognitoUser,
  CognitoUserPool,
  type CognitoUserSession,
} from "amazon-cognito-identity-js";
import { afterEach, beforeEach, vi } from "vitest";
import { call } from "./app-context";

const ENDPOINT = "http://127.0.0.1:8787/api/identity";
export const pool = () =>
  new CognitoUserPool({ UserPoolId: "local_Studio", ClientId: "studio-web", endpoint: ENDPOINT });

/**
 * Routes the library's requests for every test of the file; `to` sends them to a worker set up as
 * another pool (callWith) until the test ends. The fetch stub is a mock, so tests can count requests.
 */
export function libraryEndpoint() {
  let send = call;
  beforeEach(() => {
    send = call;
    const real = globalThis.fetch;
    vi.stubGlobal(
      "fetch",
      vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input instanceof Request ? input.url : input);
        return url.startsWith(ENDPOINT) ? send("/api/identity", init) : real(input, init);
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());
  return { to: (worker: typeof call) => (send = worker) };
}

export type Outcome =
  | { kind: "success"; session: CognitoUserSession; userConfirmationNecessary?: boolean }
  | { kind: "failure"; error: { code?: string; name?: string; message: string } }
  | { kind: "totp"; user: CognitoUser };

/** authenticateUser (USER_SRP_AUTH, the library's default), as a promise of how it ended. */
export function signIn(email: string, password: string, user = new CognitoUser({ Username: email, Pool: pool() })) {
  return new Promise<Outcome>((resolve) =>
    user.authenticateUser(new AuthenticationDetails({ Username: email, Password: password }), {
      onSuccess: (session, userConfirmationNecessary) =>
        resolve({ kind: "success", session, userConfirmationNecessary }),
      onFailure: (error) => resolve({ kind: "failure", error }),
      totpRequired: () => resolve({ kind: "totp", user }),
    }),
  );
}
