/** Registered app clients (the hosted user pool's): their scopes and the form that adds one, used on both sides. */
import { z } from "zod";

/** What a client may ask for: OpenID Connect's, and the service's own scope for the identity API's user calls. */
export const CLIENT_SCOPES = ["openid", "email", "profile", "aws.cognito.signin.user.admin"] as const;

/** The client the identity API names when a call names none: the product's own web pages. */
export const DEFAULT_CLIENT_ID = "studio-web";

/**
 * Where hosted login may send a person back: https addresses, or http on this machine (an app in
 * development). No fragments, as OAuth 2.0 requires.
 */
export function isRedirectUri(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.hash || url.username || url.password) return false;
  if (url.protocol === "https:") return true;
  return url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}

export const CLIENT_NAME_MAX = 80;
const REDIRECT_MESSAGE = "Each redirect address is https (or http on localhost), without a #fragment.";

export const addClientSchema = z.object({
  name: z
    .string({ required_error: "Give the app a name." })
    .trim()
    .min(1, "Give the app a name.")
    .max(CLIENT_NAME_MAX, `The name is at most ${CLIENT_NAME_MAX} characters.`),
  /** One address per line. */
  redirectUris: z
    .string({ required_error: "Give at least one redirect address." })
    .transform((text) => [...new Set(text.split(/\s+/).filter(Boolean))])
    .pipe(
      z
        .array(z.string().max(500, REDIRECT_MESSAGE).refine(isRedirectUri, REDIRECT_MESSAGE))
        .min(1, "Give at least one redirect address.")
        .max(10, "At most 10 redirect addresses."),
    ),
  scopes: z
    .array(z.enum(CLIENT_SCOPES), { required_error: "Choose at least one scope." })
    .min(1, "Choose at least one scope."),
  confidential: z.literal("on").optional(),
  /** The form's box starts checked: a new client requires PKCE unless the admin unchecks it. */
  requirePkce: z.literal("on").optional(),
});
export type AddClientInput = z.output<typeof addClientSchema>;
