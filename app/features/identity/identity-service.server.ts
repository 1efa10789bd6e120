/**
 * POST /api/identity: our identity service speaking the hosted user pool's wire format, so its
 * existing clients work when pointed here. The action is named in `X-Amz-Target:
 * AWSCognitoIdentityProviderService.<Action>`; bodies are JSON (application/x-amz-json-1.1) with the
 * service's field names; errors are 400 {__type, message}. The actions live in api/, one file per
 * area; each calls the same services as the web forms (passwords, lockout, codes, TOTP, devices, sessions).
 */
import type { AppContext } from "~/platform/context";
import { EmailNotConfiguredError, emailNotConfiguredMessage } from "~/platform/adapters/email/email.server";
import { callingClient } from "./api/calling-client.server";
import { deviceActions } from "./api/devices.server";
import { mfaActions } from "./api/mfa.server";
import { passwordActions } from "./api/passwords.server";
import { signInActions } from "./api/sign-in.server";
import { signUpActions } from "./api/sign-up.server";
import { userActions } from "./api/user.server";
import { IdentityError, type IdentityCall } from "./api/wire.server";

const TARGET_PREFIX = "AWSCognitoIdentityProviderService.";

/** An answer in the service's wire format: the route sends it as application/x-amz-json-1.1. */
export interface IdentityAnswer {
  status: number;
  body: unknown;
}

/**
 * The actions by name, as a Map of the object's own keys: a lookup on the object itself would also
 * find what every object inherits (constructor, __proto__, toString, valueOf…).
 */
const ACTIONS = new Map(
  Object.entries({
    ...signUpActions,
    ...signInActions,
    ...passwordActions,
    ...userActions,
    ...mfaActions,
    ...deviceActions,
  }),
);

/** The service's answer to an action it does not have (no `X-Amz-Target`, or an unknown one). */
export function unknownOperation(target: string): IdentityAnswer {
  return {
    status: 400,
    body: { __type: "UnknownOperationException", message: `Unknown operation ${target.slice(0, 100) || "(none)"}` },
  };
}

/** The answer to a body that is not a JSON object. */
export const NOT_A_JSON_OBJECT: IdentityAnswer = {
  status: 400,
  body: { __type: "SerializationException", message: "The body must be a JSON object" },
};

/**
 * The action an `X-Amz-Target` header names, or null. Running it answers 200 with its result, or 400
 * {__type, message} for the service's own failures.
 */
export function identityAction(
  target: string,
): ((app: AppContext, body: Record<string, unknown>, call: IdentityCall) => Promise<IdentityAnswer>) | null {
  const name = target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : "";
  const action = ACTIONS.get(name);
  if (!action) return null;
  return async (app, body, call) => {
    try {
      const clientId = await callingClient(app, name, body);
      return { status: 200, body: await action(app, body, { ...call, clientId }) };
    } catch (error) {
      if (error instanceof IdentityError) return { status: 400, body: { __type: error.type, message: error.message } };
      // A deploy without an email provider delivers no codes (the service's own failure for it).
      if (error instanceof EmailNotConfiguredError)
        return {
          status: 400,
          body: { __type: "CodeDeliveryFailureException", message: emailNotConfiguredMessage(app.env.SUPPORT_EMAIL) },
        };
      throw error;
    }
  };
}
