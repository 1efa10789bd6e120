import { z } from "zod";
import { providersSchema, publicProviders } from "./adapters/identity-providers/providers";
import { parseAllowList } from "./adapters/web/addresses";
import { COOKIE_DOMAIN } from "./cookie-domain";
import { browserErrorReporting } from "./error-reporting";

/**
 * Every environment variable the product reads, validated once per request at the worker's edge.
 * Outside services switch from their embedded default to the real one when their variables are set
 * (README.md "Settings").
 */
export const envSchema = z.object({
  PRODUCT_NAME: z.string().min(1).default("Studio"),
  ENVIRONMENT: z.enum(["development", "test", "production"]).default("production"),
  SUPPORT_EMAIL: z.string().email().default("support@studio.example"),
  /** Seconds a catalogue list stays in KV. KV's own minimum cacheTtl is 60 s. */
  CATALOGUE_CACHE_SECONDS: z.coerce.number().int().min(60).max(3600).default(60),
  /** Email: with a Resend key mail goes out through Resend; without, into the outbox table (/dev/outbox). */
  RESEND_API_KEY: z.string().min(1).optional(),
  EMAIL_FROM: z.string().min(3).default("Studio <no-reply@studio.example>"),
  /** Where Resend calls go (its API by default; a local stand-in in tests). */
  RESEND_API_URL: z.string().url().default("https://api.resend.com"),
  /**
   * The product's parent domain ("studio.example"): session and device cookies are set on it, so every
   * subdomain shares the sign-in (app/platform/cookie-domain.ts). Unset, or on any other host (a
   * preview deployment), cookies stay on the host.
   */
  SESSION_COOKIE_DOMAIN: z
    .string()
    .transform((v) => v.trim().toLowerCase().replace(/^\./, ""))
    .pipe(z.string().regex(COOKIE_DOMAIN, "a domain name such as studio.example"))
    .optional(),
  /**
   * The identity API's pool id ("{region}_{name}", as a hosted user pool's): clients are configured
   * with it, and SRP sign-ins hash with its name part, so changing it asks every user for their
   * password once more on the web before USER_SRP_AUTH works again.
   */
  IDENTITY_POOL_ID: z
    .string()
    .regex(/^[\w-]+_[0-9a-zA-Z]+$/, "a pool id such as local_Studio")
    .default("local_Studio"),
  /**
   * Whether the identity API's SignUp asks for the emailed code before the account can sign in
   * ("email": UserConfirmed false, then ConfirmSignUp) or confirms at once ("none", as the spec's own
   * sign-up sequence expects: it signs in straight after creating the user). The web forms never wait.
   */
  IDENTITY_SIGN_UP_CONFIRMATION: z.enum(["none", "email"]).default("none"),
  /**
   * The identity API's MFA: "optional" (each user chooses) or "required" (a sign-in without an
   * authenticator must set one up first: the MFA_SETUP challenge). The web sign-in has its own setting
   * per user and is not changed by this.
   */
  IDENTITY_MFA: z.enum(["optional", "required"]).default("optional"),
  /** Payments: with a Stripe secret key, Stripe Checkout; without, the embedded local provider (/checkout/pay). */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  /** Verifies POST /api/webhooks/stripe (the endpoint's signing secret, whsec_...). */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Where the Stripe client sends its requests instead of api.stripe.com (a local stand-in in tests). */
  STRIPE_API_URL: z.string().url().optional(),
  /** Social sign-in providers (JSON array, at most four; see adapters/identity-providers/providers.ts). */
  OAUTH_PROVIDERS: providersSchema,
  /**
   * Error reporting: with a DSN, Sentry reports errors from the worker and the browser (a DSN is
   * public by design: the browser gets it through the page). Unset, Sentry is fully off.
   */
  SENTRY_DSN: z.preprocess((v) => (v === "" ? undefined : v), z.string().url().optional()),
  /** The environment events are filed under (not ENVIRONMENT: a staging deploy may run as production). */
  SENTRY_ENVIRONMENT: z.string().min(1).default("production"),
  /** Share of requests and page loads traced (the tests raise it to 1 to see every trace). */
  SENTRY_TRACES_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(0.1),
  /**
   * AI (adapters/ai): with AI_BASE_URL and AI_MODEL, any OpenAI-compatible endpoint; else in production
   * with an `AI` binding, Workers AI; else the embedded default. AI_PROVIDER forces one (workers-ai: the
   * binding outside production too; embedded: the default).
   */
  AI_PROVIDER: z.enum(["workers-ai", "openai", "embedded"]).optional(),
  AI_BASE_URL: z.string().url().optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).optional(),
  AI_VISION_MODEL: z.string().min(1).optional(),
  AI_IMAGE_MODEL: z.string().min(1).optional(),
  AI_SPEECH_MODEL: z.string().min(1).optional(),
  /** Each attempt of an AI call gives up after this long (one retry, then the embedded default). */
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  /**
   * Server-side fetches of creators' links (adapters/web) refuse private and loopback addresses.
   * Development and the tests may let exactly these local stand-ins through ("127.0.0.1:18851,
   * [::1]:8080": host:port, commas or spaces); production never applies it.
   */
  LINK_FETCH_ALLOW: z
    .string()
    .optional()
    .refine((v) => {
      try {
        parseAllowList(v);
        return true;
      } catch {
        return false;
      }
    }, "a list of host:port"),
  /**
   * Analytics events ("on": buffered and written to D1 in batches, and to ANALYTICS when bound). "off"
   * keeps none: the bench runs with it to show what analytics costs a page (issue 17 goal 3).
   */
  ANALYTICS_EVENTS: z.enum(["on", "off"]).default("on"),
  /** The online-video service's site: its oEmbed answer ({base}/oembed) and pages ({base}/watch?v=); a stand-in in tests. */
  YOUTUBE_BASE_URL: z.string().url().default("https://www.youtube.com"),
});

export type Env = z.infer<typeof envSchema>;

/**
 * Development and the tests opt in to what a deploy must never serve: the /dev/* pages, the embedded
 * payment provider's card page and the email outbox. Anything else (production, the default) is off.
 */
export function isDevelopment(env: Pick<Env, "ENVIRONMENT">): boolean {
  return env.ENVIRONMENT === "development" || env.ENVIRONMENT === "test";
}

/** The variables the browser may see: rendered into the page by the root loader. */
export function publicEnv(env: Env) {
  return {
    PRODUCT_NAME: env.PRODUCT_NAME,
    ENVIRONMENT: env.ENVIRONMENT,
    SUPPORT_EMAIL: env.SUPPORT_EMAIL,
    SOCIAL_PROVIDERS: publicProviders(env.OAUTH_PROVIDERS),
    ERROR_REPORTING: browserErrorReporting(env),
  };
}
export type PublicEnv = ReturnType<typeof publicEnv>;

/**
 * What the worker is bound to: the bindings and [vars] wrangler.toml declares, as `wrangler types`
 * generates them (workers/worker-configuration.d.ts; `npm run types` after changing wrangler.toml),
 * plus what a deploy may add without wrangler.toml knowing: the optional variables of envSchema
 * (secrets and `--var`s, read through parseEnv), an Analytics Engine dataset (ANALYTICS: events are
 * also written there when bound) and a Workers AI binding (AI, adapters/ai). (Mapped, not the
 * interface itself, so it is a plain record to code that takes one.)
 */
export type Bindings = { [Name in keyof Cloudflare.Env]: Cloudflare.Env[Name] } & {
  [Name in Exclude<keyof Env, keyof Cloudflare.Env>]?: string;
} & {
  ANALYTICS?: AnalyticsEngineDataset;
  AI?: unknown;
};

export class EnvError extends Error {}

export function parseEnv(raw: object): Env {
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new EnvError(`Invalid environment: ${fields}`);
  }
  return parsed.data;
}
