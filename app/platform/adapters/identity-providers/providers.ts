/**
 * Social sign-in providers (OAuth 2 / OpenID Connect), configured by OAUTH_PROVIDERS: a JSON array of
 * at most four, the first being the primary one the forms show first. Google and Apple need only
 * their client id and secret; anything else (or a local stand-in) names its endpoints.
 *
 *   OAUTH_PROVIDERS='[{"id":"google","clientId":"…","clientSecret":"…"},{"id":"apple","clientId":"…","clientSecret":"<signed JWT>"}]'
 */
import { z } from "zod";

export interface SocialProvider {
  id: string;
  name: string;
  clientId: string;
  clientSecret: string | null;
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  scopes: string[];
  /** Apple posts the answer back (form_post) when names or email are asked for. */
  responseMode: "query" | "form_post";
}

const KNOWN: Record<string, Omit<SocialProvider, "id" | "clientId" | "clientSecret">> = {
  google: {
    name: "Google",
    issuer: "https://accounts.google.com",
    authorizationEndpoint: "https://accounts.google.com/o/oauth2/v2/auth",
    tokenEndpoint: "https://oauth2.googleapis.com/token",
    scopes: ["openid", "email", "profile"],
    responseMode: "query",
  },
  apple: {
    name: "Apple",
    issuer: "https://appleid.apple.com",
    authorizationEndpoint: "https://appleid.apple.com/auth/authorize",
    tokenEndpoint: "https://appleid.apple.com/auth/token",
    scopes: ["openid", "email", "name"],
    responseMode: "form_post",
  },
};

const providerInput = z
  .object({
    id: z.string().regex(/^[a-z0-9-]{2,30}$/, "id: 2-30 lowercase letters, digits or dashes"),
    name: z.string().min(1).max(40).optional(),
    clientId: z.string().min(1),
    clientSecret: z.string().min(1).optional(),
    issuer: z.string().url().optional(),
    authorizationEndpoint: z.string().url().optional(),
    tokenEndpoint: z.string().url().optional(),
    scopes: z.array(z.string().min(1)).min(1).optional(),
    responseMode: z.enum(["query", "form_post"]).optional(),
  })
  .transform((input, ctx): SocialProvider => {
    const known = KNOWN[input.id];
    const pick = <K extends keyof typeof known>(key: K) =>
      (input[key as keyof typeof input] as (typeof known)[K] | undefined) ?? known?.[key];
    const provider = {
      id: input.id,
      name: pick("name") ?? input.id,
      clientId: input.clientId,
      clientSecret: input.clientSecret ?? null,
      issuer: pick("issuer"),
      authorizationEndpoint: pick("authorizationEndpoint"),
      tokenEndpoint: pick("tokenEndpoint"),
      scopes: pick("scopes") ?? ["openid", "email", "profile"],
      responseMode: pick("responseMode") ?? "query",
    };
    for (const key of ["issuer", "authorizationEndpoint", "tokenEndpoint"] as const) {
      if (!provider[key])
        ctx.addIssue({
          code: "custom",
          message: `${input.id}: ${key} is required for a provider other than google or apple`,
        });
    }
    return provider as SocialProvider;
  });

export const providersSchema = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    if (!raw?.trim()) return [];
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: "must be a JSON array" });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(providerInput)
      .max(4, "at most four providers")
      .refine((list) => new Set(list.map((p) => p.id)).size === list.length, "provider ids must be unique"),
  );

/** What a provider id is called where no configured provider has it: Google's and Apple's names, else the id. */
export const providerNameOf = (id: string): string => KNOWN[id]?.name ?? id;

/** What the browser may know about the providers: ids and names, in order (the first is primary). */
export const publicProviders = (providers: SocialProvider[]) => providers.map(({ id, name }) => ({ id, name }));
