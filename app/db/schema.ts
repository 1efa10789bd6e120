/**
 * The data model: the one source of truth for D1's tables. Migrations in migrations/ are
 * generated from this file (drizzle-kit), except the FTS5 search index, which drizzle cannot
 * describe and lives in a hand-written migration.
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { MEDIA_TYPES, type MediaType } from "./media-types";
import type {
  ActivityCard,
  Blueprint,
  BrainstormIdea,
  LandingPage,
  OnboardingFlow,
  Plan,
  PublishedSnapshot,
  Theme,
} from "./app-content";

/** A creator's public storefront; classes are addressed as /classes/{storefrontSlug}/{classSlug}. */
export const creators = sqliteTable("creators", {
  id: text("id").primaryKey(),
  storefrontSlug: text("storefront_slug").notNull().unique(),
  name: text("name").notNull(),
  headline: text("headline").notNull(),
  bio: text("bio").notNull(),
  avatarUrl: text("avatar_url").notNull(),
  createdAt: integer("created_at").notNull(),
});

/**
 * Everything the catalogue sells. kind 'class' is a class with lessons; 'subscription' is a
 * membership product (subscriptionSlug set). Prices are integer cents in USD.
 * popularity, rating_score and released_at each have a keyset index with the id as tie-breaker.
 */
export const products = sqliteTable(
  "products",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: ["class", "subscription"] }).notNull(),
    title: text("title").notNull(),
    classSlug: text("class_slug").notNull(),
    storefrontSlug: text("storefront_slug").notNull(),
    creatorId: text("creator_id")
      .notNull()
      .references(() => creators.id),
    tagline: text("tagline").notNull(),
    description: text("description").notNull(),
    category: text("category").notNull(),
    coverUrl: text("cover_url").notNull(),
    priceCents: integer("price_cents").notNull(),
    crossedPriceCents: integer("crossed_price_cents"),
    crossedPriceApplicableFrom: integer("crossed_price_applicable_from"),
    specialOnlyVip: integer("special_only_vip", { mode: "boolean" }).notNull().default(false),
    shouldNotHideDiscount: integer("should_not_hide_discount", { mode: "boolean" }).notNull().default(false),
    /** Announced but not on sale yet: its page offers the waitlist (list 'class:{id}') instead of buying. */
    comingSoon: integer("coming_soon", { mode: "boolean" }).notNull().default(false),
    subscriptionSlug: text("subscription_slug").notNull().default(""),
    level: text("level").notNull().default("All levels"),
    lessonCount: integer("lesson_count").notNull().default(0),
    totalSeconds: integer("total_seconds").notNull().default(0),
    ratingAverage: real("rating_average").notNull().default(0),
    ratingCount: integer("rating_count").notNull().default(0),
    /** ratingAverage weighted by ratingCount (a Bayesian mean x 1000), so 'Top rated' is not won by one 5-star review. */
    ratingScore: integer("rating_score").notNull().default(0),
    /** Enrolments: what 'Most popular' sorts by. */
    popularity: integer("popularity").notNull().default(0),
    releasedAt: integer("released_at").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("products_storefront_class_slug").on(t.storefrontSlug, t.classSlug),
    index("products_creator").on(t.creatorId),
    index("products_kind_popularity").on(t.kind, t.popularity, t.id),
    index("products_kind_released").on(t.kind, t.releasedAt, t.id),
    index("products_kind_rating").on(t.kind, t.ratingScore, t.id),
    index("products_kind_category_popularity").on(t.kind, t.category, t.popularity, t.id),
    // "More from this creator" and storefront lists.
    index("products_storefront_kind_popularity").on(t.storefrontSlug, t.kind, t.popularity, t.id),
    // The lowest price on the home page.
    index("products_kind_price").on(t.kind, t.priceCents),
  ],
);

/** Topics and genres of a class, as rows so that comma-list filters use an index. */
export const productTags = sqliteTable(
  "product_tags",
  {
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["topic", "genre"] }).notNull(),
    value: text("value").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.kind, t.value] }),
    index("product_tags_kind_value").on(t.kind, t.value, t.productId),
  ],
);

export const lessons = sqliteTable(
  "lessons",
  {
    id: text("id").primaryKey(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull().default(""),
    durationSeconds: integer("duration_seconds").notNull(),
    isPreview: integer("is_preview", { mode: "boolean" }).notNull().default(false),
    /** A file we serve (/media/lessons/...) or a link to a streaming or video site, shown as its embed. */
    videoUrl: text("video_url"),
    /** WebVTT captions for a file we serve, when there are any. */
    captionsUrl: text("captions_url"),
    /** When the lesson was added: owners of the class are told about lessons added after their purchase. */
    createdAt: integer("created_at").notNull().default(0),
  },
  (t) => [uniqueIndex("lessons_product_position").on(t.productId, t.position)],
);

/** A bundle of classes. programType 'school' makes it a school (/school/music, /schools/{slug}). */
export const collections = sqliteTable("collections", {
  id: text("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  title: text("title").notNull(),
  tagline: text("tagline").notNull(),
  description: text("description").notNull(),
  programType: text("program_type", { enum: ["collection", "school"] })
    .notNull()
    .default("collection"),
  coverUrl: text("cover_url").notNull(),
  priceCents: integer("price_cents").notNull(),
  position: integer("position").notNull().default(0),
  /** Announced but not on sale yet: its page offers the waitlist (list 'collection:{slug}') instead of buying. */
  comingSoon: integer("coming_soon", { mode: "boolean" }).notNull().default(false),
  createdAt: integer("created_at").notNull(),
});

export const collectionItems = sqliteTable(
  "collection_items",
  {
    collectionId: text("collection_id")
      .notNull()
      .references(() => collections.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
  },
  (t) => [primaryKey({ columns: [t.collectionId, t.productId] }), index("collection_items_product").on(t.productId)],
);

/** Feature flags (e.g. 'homepage-yellow-banner-text'); read through a short KV cache. */
export const featureFlags = sqliteTable("feature_flags", {
  key: text("key").primaryKey(),
  enabled: integer("enabled", { mode: "boolean" }).notNull().default(false),
  payload: text("payload", { mode: "json" }).$type<Record<string, unknown>>(),
  updatedAt: integer("updated_at")
    .notNull()
    .default(sql`(unixepoch() * 1000)`),
});

export type Creator = typeof creators.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type LessonRow = typeof lessons.$inferSelect;
export type CollectionRow = typeof collections.$inferSelect;

/**
 * People with an account (spec 3 "User"). The email is stored lowercased and is unique.
 * membershipStatus is 'inactive' until a membership says otherwise.
 */
export const users = sqliteTable("users", {
  id: text("id").primaryKey(),
  email: text("email").notNull().unique(),
  emailVerified: integer("email_verified", { mode: "boolean" }).notNull().default(false),
  /** The identity username: a random id, as the spec's sign-up sequence creates it. */
  username: text("username").notNull().unique(),
  /**
   * The identity user's status: UNCONFIRMED after an API sign-up on a pool that confirms by email
   * (IDENTITY_SIGN_UP_CONFIRMATION), until the emailed code is entered; FORCE_CHANGE_PASSWORD for a
   * person an admin added, until they choose their own password; everyone else is CONFIRMED.
   */
  identityStatus: text("identity_status", { enum: ["CONFIRMED", "UNCONFIRMED", "FORCE_CHANGE_PASSWORD"] })
    .notNull()
    .default("CONFIRMED"),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  miniBio: text("mini_bio").notNull().default(""),
  profilePhoto: text("profile_photo"),
  membershipStatus: text("membership_status", { enum: ["active", "inactive", "suspended"] })
    .notNull()
    .default("inactive"),
  currentSessionSlug: text("current_session_slug"),
  /** storefrontSlug links a creator account to the storefront (creators row) whose sales /dashboard/classes shows. */
  creatorInfo: text("creator_info", { mode: "json" }).$type<{
    hasNewDashboardAccess?: boolean;
    hasApps?: boolean;
    storefrontSlug?: string;
  } | null>(),
  /**
   * When the person first started an app (a build, a brainstorm or an idea draft kept on /dashboard),
   * whether or not an app came of it: with creatorInfo.hasApps, it puts "Your apps" in the header.
   * A column of its own, because creatorInfo being set makes someone a creator (features/identity/rules.ts).
   */
  startedAppAt: integer("started_app_at"),
  isStudioVip: integer("is_studio_vip", { mode: "boolean" }).notNull().default(false),
  isStudioGod: integer("is_studio_god", { mode: "boolean" }).notNull().default(false),
  isAdmin: integer("is_admin", { mode: "boolean" }).notNull().default(false),
  signUpDate: integer("sign_up_date").notNull(),
  stripeCustomerId: text("stripe_customer_id"),
  gifts: text("gifts", { mode: "json" })
    .$type<unknown[]>()
    .notNull()
    .default(sql`'[]'`),
  /** monthlyCredit is in dollars, as the spec's getMonthlyCreditForUser returns it. */
  monthlyCreditInfo: text("monthly_credit_info", { mode: "json" }).$type<{ monthlyCredit: number } | null>(),
  /** Keyed by offer name ('studioCountdownMainCycleOffer'); epoch milliseconds. */
  offersSeenInfo: text("offers_seen_info", { mode: "json" }).$type<Record<
    string,
    { expirationDateSeen?: number; lastSeenCurrentOffer?: number }
  > | null>(),
  locationInfo: text("location_info", { mode: "json" }).$type<{ city?: string; countryCode?: string } | null>(),
  /** Keyed by class id; ISO dates. */
  classesEnrolled: text("classes_enrolled", { mode: "json" }).$type<Record<
    string,
    { classStartDate: string; classEndDate: string }
  > | null>(),
  phoneNumber: text("phone_number"),
  phoneNumberVerified: integer("phone_number_verified", { mode: "boolean" }).notNull().default(false),
  /** The second factor a sign-in asks for first (NOMFA: none preferred; with two on, the person chooses). */
  preferredMfa: text("preferred_mfa", { enum: ["NOMFA", "SOFTWARE_TOKEN_MFA", "EMAIL_OTP", "SMS_MFA"] })
    .notNull()
    .default("NOMFA"),
  /** The second factors turned on: the authenticator app (with a verified factor) and emailed codes. */
  mfaEnabled: text("mfa_enabled", { mode: "json" })
    .$type<("SOFTWARE_TOKEN_MFA" | "EMAIL_OTP")[]>()
    .notNull()
    .default(sql`'[]'`),
});

/** A password, as a versioned PBKDF2 hash (see features/identity/password.server.ts). */
export const passwordCredentials = sqliteTable("password_credentials", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  hash: text("hash").notNull(),
  /**
   * The SRP-6a salt and verifier of the same password (features/identity/srp.server.ts), for the
   * identity API's USER_SRP_AUTH. Null for a password set before SRP: filled at its next sign-in.
   */
  srpSalt: text("srp_salt"),
  srpVerifier: text("srp_verifier"),
  updatedAt: integer("updated_at").notNull(),
});

/** Signed-in sessions. The cookie holds a random 128-bit token; only its SHA-256 is stored here. */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: ownedByUser(),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    userAgent: text("user_agent").notNull().default(""),
    /** The browser it was made in; forgetting the device ends its sessions. */
    deviceId: text("device_id").references(() => devices.id, { onDelete: "cascade" }),
  },
  (t) => [index("sessions_user").on(t.userId), index("sessions_device").on(t.deviceId)],
);

/**
 * The browsers a user signs in from. The browser keeps a random token in the studio_device cookie;
 * only its hash is stored. A remembered device skips the authenticator step at sign-in.
 */
export const devices = sqliteTable(
  "devices",
  {
    id: text("id").primaryKey(),
    userId: ownedByUser(),
    tokenHash: text("token_hash").notNull(),
    name: text("name").notNull(),
    remembered: integer("remembered", { mode: "boolean" }).notNull().default(false),
    createdAt: integer("created_at").notNull(),
    lastSeenAt: integer("last_seen_at").notNull(),
    /**
     * A device an identity API client confirmed (ConfirmDevice): its group key and the SRP salt and
     * verifier of its random secret, which DEVICE_SRP_AUTH checks. Null for a browser's device.
     */
    groupKey: text("group_key"),
    srpSalt: text("srp_salt"),
    srpVerifier: text("srp_verifier"),
  },
  (t) => [uniqueIndex("devices_token_user").on(t.tokenHash, t.userId), index("devices_user").on(t.userId)],
);

/** An authenticator app (TOTP). Unverified until the first code checks out; lastStep stops a code being used twice. */
export const totpFactors = sqliteTable("totp_factors", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  friendlyName: text("friendly_name").notNull().default("My TOTP device"),
  verifiedAt: integer("verified_at"),
  lastStep: integer("last_step").notNull().default(0),
  createdAt: integer("created_at").notNull(),
});

/** Social accounts linked to a user: the provider's stable subject id, so a changed email still finds the user. */
export const socialAccounts = sqliteTable(
  "social_accounts",
  {
    provider: text("provider").notNull(),
    subject: text("subject").notNull(),
    userId: ownedByUser(),
    email: text("email").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index("social_accounts_user").on(t.userId)],
);

/** A sign-in waiting for its second factor: the password was right, the authenticator code is next. */
export const signInChallenges = sqliteTable(
  "sign_in_challenges",
  {
    id: text("id").primaryKey(),
    userId: ownedByUser(),
    /**
     * What the challenge waits for: a session handed out for one challenge answers no other (an
     * authenticator's session must not finish MFA_SETUP, say).
     */
    kind: text("kind", {
      enum: [
        "SOFTWARE_TOKEN_MFA",
        "EMAIL_OTP",
        "SELECT_MFA_TYPE",
        "MFA_SETUP",
        "CUSTOM_CHALLENGE",
        "NEW_PASSWORD_REQUIRED",
        "DEVICE_SRP_AUTH",
      ],
    })
      .notNull()
      .default("SOFTWARE_TOKEN_MFA"),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("sign_in_challenges_user").on(t.userId)],
);

/**
 * USER_SRP_AUTH sign-ins waiting for the client's PASSWORD_VERIFIER answer (5 minutes). The client
 * holds the random SECRET_BLOCK; the row, keyed by its SHA-256, holds the server's half of the
 * exchange. An answer deletes it, right or wrong.
 */
export const srpSignIns = sqliteTable(
  "srp_sign_ins",
  {
    id: text("id").primaryKey(),
    userId: ownedByUser(),
    publicA: text("public_a").notNull(),
    publicB: text("public_b").notNull(),
    serverSecret: text("server_secret").notNull(),
    /** Set for a remembered device's sign-in (DEVICE_SRP_AUTH), checked against the device's verifier. */
    deviceId: text("device_id"),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("srp_sign_ins_user").on(t.userId)],
);

export type UserRow = typeof users.$inferSelect;

/** The user a row belongs to; the row goes when the user is deleted. */
function ownedByUser() {
  return text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });
}

/**
 * Single-use codes sent by email (password reset, attribute verification). Only a hash is stored;
 * a code is spent by setting used_at in one conditional UPDATE, so it cannot be used twice.
 */
export const verificationCodes = sqliteTable(
  "verification_codes",
  {
    id: text("id").primaryKey(),
    userId: ownedByUser(),
    purpose: text("purpose", {
      enum: ["reset_password", "verify_email", "confirm_sign_up", "sign_in", "email_mfa"],
    }).notNull(),
    codeHash: text("code_hash").notNull(),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
  },
  (t) => [index("verification_codes_user").on(t.userId, t.purpose)],
);

/** The embedded email adapter's outbox: every email the product would send, readable at /dev/outbox and by tests. */
export const outboxEmails = sqliteTable(
  "outbox_emails",
  {
    id: text("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("outbox_emails_to").on(t.to, t.createdAt)],
);

/**
 * Failure counters for brute-force protection (sign-in, reset codes, user lookups), keyed by what is
 * attacked (e.g. 'login:ada@example.com'). Updated by one upsert so concurrent attempts never lose a count.
 */
export const attemptCounters = sqliteTable("attempt_counters", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull(),
  lastFailureAt: integer("last_failure_at").notNull(),
});

/** Emails collected before sign-up (POST /api/collectEmail): a lead from a lead or waitlist page, else a checkout initiation. */
export const emailLeads = sqliteTable(
  "email_leads",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    classInterestedIn: text("class_interested_in").notNull(),
    extraTags: text("extra_tags", { mode: "json" }).$type<unknown>(),
    kind: text("kind", { enum: ["lead", "checkout_initiation"] }).notNull(),
    source: text("source").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("email_leads_email").on(t.email)],
);

/** Waitlists (the auth modal's Join Waitlist form and POST /api/waitlist/add): one row per email and list. */
export const waitlistEntries = sqliteTable(
  "waitlist_entries",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    list: text("list").notNull(),
    details: text("details", { mode: "json" }).$type<unknown>(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("waitlist_entries_email_list").on(t.email, t.list)],
);

/**
 * Bearer tokens for API clients: access (1 hour), refresh (30 days) and app tokens (for the creator
 * apps backend, 1 hour). The client holds a random token; only its SHA-256 is stored.
 */
export const apiTokens = sqliteTable(
  "api_tokens",
  {
    id: text("id").primaryKey(),
    userId: ownedByUser(),
    kind: text("kind", { enum: ["access", "refresh", "app"] }).notNull(),
    /** The app client a refresh token was handed to: only it may use it (null: handed out before clients were recorded). */
    clientId: text("client_id"),
    /**
     * The scopes a hosted-login refresh token was granted: its refreshes get no more. Null for the
     * identity API's sign-ins (the user-admin scope and every claim) and tokens from before.
     */
    scopes: text("scopes", { mode: "json" }).$type<string[]>(),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("api_tokens_user").on(t.userId)],
);

/**
 * The apps registered to sign people in (the hosted user pool's app clients): the identity API takes
 * only their ClientIds, and names them in the tokens (aud, client_id). A confidential client has a
 * secret, which its calls prove with SECRET_HASH (an HMAC keyed by it, so it is kept, not hashed).
 * Admins add them at /admin/clients; migration 0025 registers the product's own web client, studio-web.
 * `requirePkce`: hosted login refuses the client's authorization requests without a PKCE code_challenge
 * (a public client, with no secret, must always send one).
 */
export const oauthClients = sqliteTable("oauth_clients", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  secret: text("secret"),
  redirectUris: text("redirect_uris", { mode: "json" }).$type<string[]>().notNull(),
  scopes: text("scopes", { mode: "json" }).$type<string[]>().notNull(),
  requirePkce: integer("require_pkce", { mode: "boolean" }).notNull().default(false),
  createdAt: integer("created_at").notNull(),
});

/**
 * Hosted login's authorization codes (/oauth2/authorize → /oauth2/token): keyed by the code's SHA-256,
 * five minutes, spent by the first exchange. They carry what the token answer needs: the client, the
 * redirect address and scopes granted, the PKCE challenge, the nonce and when the user signed in.
 */
export const oauthCodes = sqliteTable("oauth_codes", {
  id: text("id").primaryKey(),
  clientId: text("client_id")
    .notNull()
    .references(() => oauthClients.id, { onDelete: "cascade" }),
  userId: ownedByUser(),
  redirectUri: text("redirect_uri").notNull(),
  scopes: text("scopes", { mode: "json" }).$type<string[]>().notNull(),
  codeChallenge: text("code_challenge"),
  nonce: text("nonce"),
  authTime: integer("auth_time").notNull(),
  expiresAt: integer("expires_at").notNull(),
});

/**
 * The keys that sign the identity API's JWTs (RS256), as JWK JSON. The oldest signs; every one is
 * published at /.well-known/jwks.json. Made once, by the first sign-in that needs one, and shared by
 * every isolate through D1 (a key per isolate would leave the published set always out of date).
 */
export const signingKeys = sqliteTable("signing_keys", {
  kid: text("kid").primaryKey(),
  publicJwk: text("public_jwk").notNull(),
  privateJwk: text("private_jwk").notNull(),
  createdAt: integer("created_at").notNull(),
});

/** Per-user program state (GET/POST /api/getProgramInfoForUserAndSlug, saveProgramInfoForUserAndSlug). */
export const programInfos = sqliteTable(
  "program_infos",
  {
    userId: ownedByUser(),
    slug: text("slug").notNull(),
    info: text("info", { mode: "json" }).$type<unknown>().notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.slug] })],
);

/** An anonymous visitor ('anon_' + UUID, cookie dx_non_auth_user_id) linked to the account they signed in to, once. */
export const anonymousLinks = sqliteTable(
  "anonymous_links",
  {
    anonymousId: text("anonymous_id").primaryKey(),
    userId: ownedByUser(),
    linkedAt: integer("linked_at").notNull(),
  },
  (t) => [index("anonymous_links_user").on(t.userId)],
);

/**
 * Carts (spec 3 "Cart"), one per owner: a signed-in user (owner_id = user id) or an anonymous
 * visitor (owner_id = 'anon_' + UUID). items is the ordered list of product or collection ids;
 * prices are never stored, they are worked out when the cart is shown. version guards concurrent
 * writes (compare and set).
 */
export const carts = sqliteTable(
  "carts",
  {
    ownerId: text("owner_id").primaryKey(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    items: text("items", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    buyNowProductId: text("buy_now_product_id"),
    offerValid: integer("offer_valid", { mode: "boolean" }).notNull().default(false),
    version: integer("version").notNull().default(0),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("carts_user").on(t.userId)],
);

/** One line of a checkout: what was sold and at what price, frozen when the checkout starts. Cents. */
export interface CheckoutLine {
  /** A product id; for an app plan the app's price option id; for a studio tier its price option id. */
  productId: string;
  kind: "class" | "subscription" | "collection" | "app-plan" | "studio-tier";
  title: string;
  priceCents: number;
  crossedPriceCents: number | null;
  /** Memberships only. */
  plan?: CheckoutPlan;
  /** App plans only: the app bought and the plan's billing interval. */
  appId?: string;
  /** Studio tiers only: the tier bought. */
  tierSlug?: string;
  interval?: "month" | "year";
}

/**
 * A checkout: the order summary frozen at 'Pay', then paid through the payments adapter (Stripe
 * Checkout, or the embedded local provider). provider_session_id is the provider's checkout
 * session; idempotency_key comes from the page, so a double click makes one checkout.
 */
/** One line of a checkout that is a membership: the plan chosen and its free trial. */
export interface CheckoutPlan {
  planId: string;
  interval: "month" | "year";
  /** The plan's recurring price, in cents; the line's priceCents is what is due today (0 in a trial). */
  recurringCents: number;
  trialDays: number;
}

export const checkoutSessions = sqliteTable(
  "checkout_sessions",
  {
    id: text("id").primaryKey(),
    userId: ownedByUser(),
    provider: text("provider", { enum: ["local", "stripe"] }).notNull(),
    providerSessionId: text("provider_session_id").unique(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    status: text("status", { enum: ["open", "complete", "expired"] })
      .notNull()
      .default("open"),
    source: text("source", { enum: ["cart", "buy-now", "direct"] }).notNull(),
    lines: text("lines", { mode: "json" }).$type<CheckoutLine[]>().notNull(),
    subtotalCents: integer("subtotal_cents").notNull(),
    discountCode: text("discount_code"),
    discountCents: integer("discount_cents").notNull().default(0),
    creditCents: integer("credit_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull(),
    paymentInfo: text("payment_info", { mode: "json" }).$type<Record<string, string>>().notNull(),
    /** The query the checkout page had, so cancel and success return to it. */
    query: text("query").notNull().default(""),
    /** Where a checkout not started from /checkout returns (app plans, studio tiers): relative paths. */
    successPath: text("success_path"),
    cancelPath: text("cancel_path"),
    /** The last decline, shown on the payment page. */
    lastError: text("last_error"),
    createdAt: integer("created_at").notNull(),
    completedAt: integer("completed_at"),
    receiptSentAt: integer("receipt_sent_at"),
    /**
     * Set when this checkout must never be fulfilled: a newer checkout replaced it, or it lost its
     * credit or discount to another checkout after it was paid (and was refunded).
     */
    voidedAt: integer("voided_at"),
    /** The fulfilment that closed it: statements of that batch grant only while it is theirs. */
    fulfilmentId: text("fulfilment_id"),
  },
  (t) => [
    index("checkout_sessions_user").on(t.userId, t.createdAt),
    index("checkout_sessions_discount_code").on(t.discountCode, t.status),
  ],
);

/**
 * What a user owns (spec 3 "Purchase"). product_id is a class, a subscription product or a
 * collection. Unique per checkout and product: fulfilment may run many times, a purchase is made once.
 */
export const purchases = sqliteTable(
  "purchases",
  {
    id: text("id").primaryKey(),
    userId: ownedByUser(),
    productId: text("product_id").notNull(),
    kind: text("kind", { enum: ["class", "subscription", "collection", "app-plan", "studio-tier"] }).notNull(),
    checkoutSessionId: text("checkout_session_id")
      .notNull()
      .references(() => checkoutSessions.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    purchasedAt: integer("purchased_at").notNull(),
    /** Present when refunded: {refundedAt, amountCents, reason}. */
    refundedInfo: text("refunded_info", { mode: "json" }).$type<{
      refundedAt: number;
      amountCents: number;
      reason: string;
    } | null>(),
  },
  (t) => [
    uniqueIndex("purchases_checkout_product").on(t.checkoutSessionId, t.productId),
    index("purchases_user").on(t.userId, t.purchasedAt),
    index("purchases_product").on(t.productId),
  ],
);

/** Payment provider events (Stripe webhooks), each recorded once by its id. */
export const paymentEvents = sqliteTable("payment_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  createdAt: integer("created_at").notNull(),
  receivedAt: integer("received_at").notNull(),
});

/** The card a user last paid with (getCardData): brand, last 4 and expiry only, never the number. */
export const savedCards = sqliteTable("saved_cards", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  brand: text("brand").notNull(),
  last4: text("last4").notNull(),
  expMonth: integer("exp_month").notNull(),
  expYear: integer("exp_year").notNull(),
  updatedAt: integer("updated_at").notNull(),
});

/** Discount codes, stored uppercase: a percent or an amount off, an optional expiry and redemption limit. */
export const discountCodes = sqliteTable("discount_codes", {
  code: text("code").primaryKey(),
  percentOff: integer("percent_off"),
  amountOffCents: integer("amount_off_cents"),
  expiresAt: integer("expires_at"),
  maxRedemptions: integer("max_redemptions"),
  /** At most this many completed checkouts per buyer (null: no per-buyer limit). */
  maxRedemptionsPerUser: integer("max_redemptions_per_user"),
  redemptions: integer("redemptions").notNull().default(0),
  createdAt: integer("created_at").notNull(),
});

export type CartRow = typeof carts.$inferSelect;
export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;
export type PurchaseRow = typeof purchases.$inferSelect;

/**
 * Studio subscriptions (spec 3 "Studio subscription"): a membership bought at checkout. The local
 * provider renews them from the scheduled handler; with Stripe, its webhooks keep them in step.
 * One per checkout (checkout_session_id unique), so fulfilment can never make two.
 */
export const subscriptions = sqliteTable(
  "subscriptions",
  {
    id: text("id").primaryKey(),
    userId: ownedByUser(),
    productId: text("product_id").notNull(),
    checkoutSessionId: text("checkout_session_id").unique(),
    provider: text("provider", { enum: ["local", "stripe"] }).notNull(),
    providerSubscriptionId: text("provider_subscription_id").unique(),
    planId: text("plan_id"),
    interval: text("interval", { enum: ["month", "year"] }).notNull(),
    priceCents: integer("price_cents").notNull(),
    status: text("status", { enum: ["active", "trialing", "past_due", "canceled"] }).notNull(),
    trialEndsAt: integer("trial_ends_at"),
    currentPeriodEnd: integer("current_period_end").notNull(),
    cancelAtPeriodEnd: integer("cancel_at_period_end", { mode: "boolean" }).notNull().default(false),
    canceledAt: integer("canceled_at"),
    /** When the last Stripe subscription event applied was sent: older events change nothing. */
    stripeSyncedAt: integer("stripe_synced_at"),
    cancelReason: text("cancel_reason"),
    cancelFeedback: text("cancel_feedback"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("subscriptions_user").on(t.userId, t.createdAt)],
);

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * A membership product's plans (spec: "monthly and annual plans and a trial"). A first-time member
 * gets trial_days free before the first charge. stripe_price_id, when set, is used instead of an
 * inline price.
 */
export const membershipPlans = sqliteTable(
  "membership_plans",
  {
    id: text("id").primaryKey(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    interval: text("interval", { enum: ["month", "year"] }).notNull(),
    priceCents: integer("price_cents").notNull(),
    trialDays: integer("trial_days").notNull().default(0),
    stripePriceId: text("stripe_price_id"),
    position: integer("position").notNull().default(0),
  },
  (t) => [uniqueIndex("membership_plans_product_interval").on(t.productId, t.interval)],
);

/** What a subscription charged, period by period (the membership page's payment history). */
export const invoices = sqliteTable(
  "invoices",
  {
    id: text("id").primaryKey(),
    subscriptionId: text("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    userId: ownedByUser(),
    amountCents: integer("amount_cents").notNull(),
    status: text("status", { enum: ["paid", "failed", "refunded"] }).notNull(),
    periodStart: integer("period_start").notNull(),
    periodEnd: integer("period_end").notNull(),
    /** The provider's invoice id (Stripe), or the period start for local renewals: one invoice per period. */
    providerInvoiceId: text("provider_invoice_id").unique(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    index("invoices_subscription").on(t.subscriptionId, t.createdAt),
    index("invoices_user").on(t.userId, t.createdAt),
  ],
);

export type MembershipPlanRow = typeof membershipPlans.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;

/**
 * Analytics events ('page | action' names), recorded on the server where the action happens, so
 * visits without JavaScript count too. properties holds the event's details (ids, amounts, types).
 */
export const analyticsEvents = sqliteTable(
  "analytics_events",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    userId: text("user_id"),
    anonymousId: text("anonymous_id"),
    properties: text("properties", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    index("analytics_events_name_time").on(t.name, t.createdAt),
    index("analytics_events_user").on(t.userId, t.createdAt),
    // Charts over a date range across every event name.
    index("analytics_events_time").on(t.createdAt),
  ],
);

/**
 * A learner's place in one lesson (spec 3 "Progress update"). percentComplete only grows;
 * secondsWatched is the sum of additional_seconds_watched, each bounded by the real time since the
 * previous report (reportedAt), so a client cannot claim more watching than happened.
 */
export const lessonProgress = sqliteTable(
  "lesson_progress",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lessonId: text("lesson_id")
      .notNull()
      .references(() => lessons.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    percentComplete: integer("percent_complete").notNull().default(0),
    positionSeconds: real("position_seconds").notNull().default(0),
    secondsWatched: real("seconds_watched").notNull().default(0),
    completedAt: integer("completed_at"),
    reportedAt: integer("reported_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.lessonId] }),
    // A class's progress and the library's "last watched" order.
    index("lesson_progress_user_product").on(t.userId, t.productId, t.updatedAt),
    index("lesson_progress_user_time").on(t.userId, t.updatedAt),
  ],
);
export type LessonProgressRow = typeof lessonProgress.$inferSelect;

/**
 * What the notification bell shows. userId null is a universal notification (an announcement to
 * everyone: the red dot); otherwise it is the user's own (the yellow dot). dedupeKey makes a
 * notification that a retry could repeat (a purchase, a new lesson) happen once.
 */
export const notifications = sqliteTable(
  "notifications",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["purchase", "new_lesson", "announcement"] }).notNull(),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    link: text("link"),
    dedupeKey: text("dedupe_key").unique(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("notifications_user_time").on(t.userId, t.createdAt)],
);
export type NotificationRow = typeof notifications.$inferSelect;

/** When a user last opened their notifications: newer ones light the bell. */
export const notificationReads = sqliteTable("notification_reads", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  seenAt: integer("seen_at").notNull(),
});

/**
 * The analytics person profile (spec 7 "Analytics": identify). attribution and leadSourceInfo are
 * set once per user and never overwritten; the identify fields follow the latest identify call.
 */
export const analyticsProfiles = sqliteTable("analytics_profiles", {
  userId: text("user_id").primaryKey(),
  email: text("email"),
  firstName: text("first_name"),
  lastName: text("last_name"),
  membershipStatus: text("membership_status").notNull().default("inactive"),
  city: text("city"),
  countryCode: text("country_code"),
  attribution: text("attribution", { mode: "json" }).$type<Record<string, string> | null>(),
  leadSourceInfo: text("lead_source_info", { mode: "json" }).$type<Record<string, string> | null>(),
  firstSeenAt: integer("first_seen_at").notNull(),
  updatedAt: integer("updated_at").notNull(),
});

// ---------------------------------------------------------------------------------------------
// Creator apps (creator-app-builder spec). Content bodies are JSON validated by the zod schemas in
// app/db/app-content.ts.

/**
 * An app (spec 3 "App"), addressed publicly as /apps/{storefrontSlug}/{appSlug}. The draft columns
 * (landing_page, theme, onboarding_flow, pricing) are what the builder edits; published is the
 * snapshot the public pages read, frozen by publishApp. 'Unpublished changes' compares the two.
 */
export const apps = sqliteTable(
  "apps",
  {
    id: text("id").primaryKey(),
    ownerId: ownedByUser(),
    storefrontSlug: text("storefront_slug").notNull(),
    appSlug: text("app_slug").notNull(),
    name: text("name").notNull(),
    /** The creator's typed idea the app was made from. */
    idea: text("idea").notNull().default(""),
    isIdea: integer("is_idea", { mode: "boolean" }).notNull().default(false),
    canvasSettings: text("canvas_settings", { mode: "json" })
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'`),
    landingPage: text("landing_page", { mode: "json" }).$type<LandingPage>().notNull(),
    theme: text("theme", { mode: "json" }).$type<Theme>().notNull(),
    onboardingFlow: text("onboarding_flow", { mode: "json" }).$type<OnboardingFlow>().notNull(),
    monthlyPriceCents: integer("monthly_price_cents"),
    annualPriceCents: integer("annual_price_cents"),
    annualDurationUnit: text("annual_duration_unit", { enum: ["years", "months"] })
      .notNull()
      .default("years"),
    published: text("published", { mode: "json" }).$type<PublishedSnapshot | null>(),
    isPublished: integer("is_published", { mode: "boolean" }).notNull().default(false),
    publishedAt: integer("published_at"),
    recentlyOpenedAt: integer("recently_opened_at"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("apps_slugs").on(t.storefrontSlug, t.appSlug),
    index("apps_owner_opened").on(t.ownerId, t.recentlyOpenedAt),
    index("apps_published").on(t.isPublished, t.publishedAt),
  ],
);
export type AppRow = typeof apps.$inferSelect;

/** The blueprint record each app has: the content the plan generator reads. */
export const appBlueprints = sqliteTable("app_blueprints", {
  appId: text("app_id")
    .primaryKey()
    .references(() => apps.id, { onDelete: "cascade" }),
  content: text("content", { mode: "json" }).$type<Blueprint>().notNull(),
  updatedAt: integer("updated_at").notNull(),
});

/**
 * Version history of an app's landing page, onboarding flow, theme and blueprint: every save adds a
 * row; restoring a version copies its content back (and adds a row saying so). Pages are read newest
 * first with a (created_at, id) cursor.
 */
export const appVersions = sqliteTable(
  "app_versions",
  {
    id: text("id").primaryKey(),
    appId: text("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["landing_page", "onboarding_flow", "theme", "blueprint"] }).notNull(),
    content: text("content", { mode: "json" }).$type<unknown>().notNull(),
    /** 'save', 'restore' (of restoredFrom) or 'publish'. */
    reason: text("reason", { enum: ["save", "restore", "create"] })
      .notNull()
      .default("save"),
    restoredFrom: text("restored_from"),
    createdBy: text("created_by"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("app_versions_app_kind_time").on(t.appId, t.kind, t.createdAt, t.id)],
);
export type AppVersionRow = typeof appVersions.$inferSelect;

/**
 * An end user's onboarding answers for one app (spec 3 "Onboarding user state"). subject is the
 * signed-in user's id or the anonymous 'anon_' id; testing_step_id is '' for real users and the
 * creator's testing step for previews, so preview answers never mix with real ones.
 */
export const onboardingStates = sqliteTable(
  "onboarding_states",
  {
    appId: text("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    subject: text("subject").notNull(),
    testingStepId: text("testing_step_id").notNull().default(""),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    email: text("email"),
    userState: text("user_state", { mode: "json" })
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'`),
    pagesInfo: text("pages_info", { mode: "json" })
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'`),
    finalUserState: text("final_user_state", { mode: "json" }).$type<Record<string, unknown> | null>(),
    completedAt: integer("completed_at"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.subject, t.testingStepId] }),
    index("onboarding_states_user").on(t.userId),
    index("onboarding_states_email").on(t.email),
  ],
);
export type OnboardingStateRow = typeof onboardingStates.$inferSelect;

/** A subject's personalized plan for an app: one current plan per (app, subject, testing step). */
export const personalizedPlans = sqliteTable(
  "personalized_plans",
  {
    id: text("id").primaryKey(),
    appId: text("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    subject: text("subject").notNull(),
    testingStepId: text("testing_step_id").notNull().default(""),
    /** 'pending' while its job runs, 'completed' with a plan, 'failed' when the job gave up. */
    status: text("status", { enum: ["pending", "completed", "failed"] }).notNull(),
    plan: text("plan", { mode: "json" }).$type<Plan | null>(),
    jobId: text("job_id"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [uniqueIndex("personalized_plans_subject").on(t.appId, t.subject, t.testingStepId)],
);
export type PersonalizedPlanRow = typeof personalizedPlans.$inferSelect;

/**
 * Background jobs (plan creation first): the row is the truth, a Durable Object runs it with alarms.
 * dedupe_key makes a double submit one job; attempts and run_after drive retries with backoff.
 */
export const jobs = sqliteTable(
  "jobs",
  {
    id: text("id").primaryKey(),
    /** features/jobs/rules.ts JOB_KINDS. */
    kind: text("kind", {
      enum: ["plan", "brainstorm", "build-app", "describe-media", "app-images", "activity-card", "test-flow-replay"],
    }).notNull(),
    dedupeKey: text("dedupe_key").notNull().unique(),
    status: text("status", { enum: ["queued", "running", "completed", "failed"] }).notNull(),
    progress: integer("progress").notNull().default(0),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(5),
    error: text("error"),
    input: text("input", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    /** The realtime room progress is pushed to. */
    room: text("room"),
    runAfter: integer("run_after").notNull(),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    startedAt: integer("started_at"),
    finishedAt: integer("finished_at"),
  },
  (t) => [index("jobs_status_run_after").on(t.status, t.runAfter)],
);
export type JobRow = typeof jobs.$inferSelect;

/**
 * A blueprint example (creator-app-builder spec 3): a piece of content a creator keeps beside the
 * blueprint editor to reuse (type: story, quiz, activity or any word of theirs). Its app's owner only.
 */
export const blueprintExamples = sqliteTable(
  "blueprint_examples",
  {
    id: text("id").primaryKey(),
    appId: text("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    title: text("title").notNull(),
    content: text("content").notNull(),
    createdBy: text("created_by"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("blueprint_examples_app_type").on(t.appId, t.type, t.createdAt)],
);
export type BlueprintExampleRow = typeof blueprintExamples.$inferSelect;

/**
 * A brainstorm (creator-app-builder spec 3, 7): what the creator typed, and the app ideas its job
 * made (apps, once completed). Only its creator reads it.
 */
export const brainstorms = sqliteTable(
  "brainstorms",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    interest: text("interest").notNull(),
    audience: text("audience").notNull().default(""),
    expertise: text("expertise").notNull().default(""),
    status: text("status", { enum: ["pending", "completed", "failed"] }).notNull(),
    apps: text("apps", { mode: "json" }).$type<BrainstormIdea[]>(),
    error: text("error"),
    jobId: text("job_id").notNull(),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("brainstorms_user_time").on(t.userId, t.createdAt)],
);
export type BrainstormRow = typeof brainstorms.$inferSelect;

/**
 * One AI call (app/platform/adapters/ai): which provider and model answered, how long it took and
 * how it ended. A record, not a meter: what a person may spend is counted in ai_units.
 */
export const aiCalls = sqliteTable(
  "ai_calls",
  {
    id: text("id").primaryKey(),
    userId: text("user_id"),
    appId: text("app_id"),
    /** What the call was for: 'brainstorm', 'build-app', 'plan', 'editor-suggestions'… */
    task: text("task").notNull(),
    work: text("work", { enum: ["structured", "image", "vision", "speech"] }).notNull(),
    provider: text("provider", { enum: ["workers-ai", "openai", "embedded"] }).notNull(),
    model: text("model").notNull(),
    /** 'ok': the provider's answer was used; 'fallback': the embedded default's, for fallbackReason. */
    outcome: text("outcome", { enum: ["ok", "fallback"] }).notNull(),
    fallbackReason: text("fallback_reason", { enum: ["invalid", "error", "timeout", "refused"] }),
    attempts: integer("attempts").notNull(),
    durationMs: integer("duration_ms").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("ai_calls_user_time").on(t.userId, t.createdAt), index("ai_calls_app").on(t.appId)],
);
/**
 * The AI meter (features/apps/ai-meter.server.ts): one row per AI call a person caused, claimed in
 * one statement before the provider is called and deleted again when the provider never answered.
 * A creator's own calls carry creator_id (their daily generations); an end user's carry the app and
 * end_user (a user id or an anonymous id: their daily allowance, and the app's daily budget).
 */
export const aiUnits = sqliteTable(
  "ai_units",
  {
    /** The claim's key: a job's calls are 'job:{jobId}:{n}', so a retried job claims nothing again. */
    id: text("id").primaryKey(),
    /** Midnight UTC of the day the unit counts in (ms). */
    day: integer("day").notNull(),
    creatorId: text("creator_id"),
    appId: text("app_id"),
    endUser: text("end_user"),
    task: text("task").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    index("ai_units_creator_day").on(t.creatorId, t.day),
    index("ai_units_app_day").on(t.appId, t.day, t.endUser),
  ],
);
export type AiCallRow = typeof aiCalls.$inferSelect;

/** Studio pricing tiers a creator buys in order to publish (GET /api/payments/studio-payment-options). */
export const studioTiers = sqliteTable("studio_tiers", {
  slug: text("slug").primaryKey(),
  name: text("name").notNull(),
  description: text("description").notNull(),
  features: text("features", { mode: "json" }).$type<string[]>().notNull(),
  /** How many apps the tier may have published at once. */
  maxPublishedApps: integer("max_published_apps").notNull(),
  /** AI generations a creator on this tier may start a day (UTC), counted in ai_units. */
  aiGenerationsPerDay: integer("ai_generations_per_day").notNull().default(50),
  /** AI calls all of one app's end users together may cause a day (UTC), counted in ai_units. */
  appAiUnitsPerDay: integer("app_ai_units_per_day").notNull().default(500),
  position: integer("position").notNull().default(0),
});

/** A tier's prices: the price_option_id bought through create-studio-checkout-session. Cents. */
export const studioTierPrices = sqliteTable(
  "studio_tier_prices",
  {
    id: text("id").primaryKey(),
    tierSlug: text("tier_slug")
      .notNull()
      .references(() => studioTiers.slug, { onDelete: "cascade" }),
    interval: text("interval", { enum: ["month", "year"] }).notNull(),
    priceCents: integer("price_cents").notNull(),
    stripePriceId: text("stripe_price_id"),
  },
  (t) => [uniqueIndex("studio_tier_prices_tier_interval").on(t.tierSlug, t.interval)],
);

/** A creator's studio tier subscription: one per checkout, so fulfilment can never make two. */
export const creatorStudioSubscriptions = sqliteTable(
  "creator_studio_subscriptions",
  {
    id: text("id").primaryKey(),
    userId: ownedByUser(),
    tierSlug: text("tier_slug").notNull(),
    priceOptionId: text("price_option_id").notNull(),
    checkoutSessionId: text("checkout_session_id").unique(),
    interval: text("interval", { enum: ["month", "year"] }).notNull(),
    priceCents: integer("price_cents").notNull(),
    status: text("status", { enum: ["active", "canceled"] }).notNull(),
    currentPeriodEnd: integer("current_period_end").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("creator_studio_subscriptions_user").on(t.userId, t.status)],
);

/** An end user's plan for an app, bought through create-checkout-session: one per checkout. */
export const appSubscriptions = sqliteTable(
  "app_subscriptions",
  {
    id: text("id").primaryKey(),
    appId: text("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    userId: ownedByUser(),
    priceOptionId: text("price_option_id").notNull(),
    checkoutSessionId: text("checkout_session_id").unique(),
    interval: text("interval", { enum: ["month", "year"] }).notNull(),
    priceCents: integer("price_cents").notNull(),
    status: text("status", { enum: ["active", "canceled"] }).notNull(),
    currentPeriodEnd: integer("current_period_end").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("app_subscriptions_user").on(t.userId, t.appId), index("app_subscriptions_app").on(t.appId)],
);

export { MEDIA_TYPES, type MediaType };

/**
 * An app's media library item (creator-app-builder spec 3 "App media", issue 20): an upload in R2
 * (url /media/app-media/…) or a link. Podcasts and channels are parents of their episodes and
 * videos (parent_media_id, and podcast_id / channel_id naming the parent). The two flags are null
 * until set as booleans (spec 5: optional fields are stored only when present). created_at is the
 * library's cursor; upload_date the children's (an episode's publication date when known).
 */
export const appMedia = sqliteTable(
  "app_media",
  {
    id: text("id").primaryKey(),
    appId: text("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    type: text("type", { enum: MEDIA_TYPES }).notNull(),
    url: text("url").notNull(),
    metadata: text("metadata", { mode: "json" }).$type<Record<string, unknown>>(),
    thumbnailUrl: text("thumbnail_url"),
    isInBlueprint: integer("is_in_blueprint", { mode: "boolean" }),
    isHiddenInLibrary: integer("is_hidden_in_library", { mode: "boolean" }),
    parentMediaId: text("parent_media_id"),
    podcastId: text("podcast_id"),
    channelId: text("channel_id"),
    createdAt: integer("created_at").notNull(),
    uploadDate: integer("upload_date").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    index("app_media_app_created").on(t.appId, t.createdAt),
    index("app_media_parent_upload").on(t.parentMediaId, t.uploadDate),
    index("app_media_app_url").on(t.appId, t.url),
  ],
);
export type AppMediaRow = typeof appMedia.$inferSelect;

/** A creator's named topic in an app's media library; order_num orders the topics themselves. */
export const appTopics = sqliteTable(
  "app_topics",
  {
    id: text("id").primaryKey(),
    appId: text("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    orderNum: integer("order_num").notNull(),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("app_topics_app_order").on(t.appId, t.orderNum)],
);
export type AppTopicRow = typeof appTopics.$inferSelect;

/** Media in a topic (many to many), with the item's order within the topic (the topic's cursor). */
export const appMediaTopics = sqliteTable(
  "app_media_topics",
  {
    topicId: text("topic_id")
      .notNull()
      .references(() => appTopics.id, { onDelete: "cascade" }),
    mediaId: text("media_id")
      .notNull()
      .references(() => appMedia.id, { onDelete: "cascade" }),
    orderNum: integer("order_num").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.topicId, t.mediaId] }),
    index("app_media_topics_topic_order").on(t.topicId, t.orderNum),
    index("app_media_topics_media").on(t.mediaId),
  ],
);

// ---------------------------------------------------------------- activities and the simulator (issue 14)

/**
 * An end user's go at an activity of an app's blueprint. The cards are kept as they were when the
 * run started, so a later edit of the blueprint changes neither a run in progress nor a past one.
 * subject is the user's id; testing_step_id is '' for real users and the simulator's persona (a
 * testing step) otherwise, as for onboarding answers and plans, so simulated runs never mix with real ones.
 */
export const activityRuns = sqliteTable(
  "activity_runs",
  {
    id: text("id").primaryKey(),
    appId: text("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    /** The blueprint item's id. */
    activityId: text("activity_id").notNull(),
    subject: text("subject").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    testingStepId: text("testing_step_id").notNull().default(""),
    title: text("title").notNull(),
    cards: text("cards", { mode: "json" }).$type<ActivityCard[]>().notNull(),
    /** The index of the next card to do (cards.length when every card is done). */
    position: integer("position").notNull().default(0),
    status: text("status", { enum: ["in-progress", "completed"] }).notNull(),
    summaryAnalysisText: text("summary_analysis_text"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    completedAt: integer("completed_at"),
  },
  (t) => [
    index("activity_runs_subject").on(t.appId, t.subject, t.testingStepId, t.createdAt),
    index("activity_runs_activity").on(t.appId, t.activityId, t.testingStepId),
    index("activity_runs_user").on(t.userId),
  ],
);
export type ActivityRunRow = typeof activityRuns.$inferSelect;

/**
 * What happened at one card of a run: the end user's answer (text, a number, a choice, or an
 * uploaded file's url and type) or an AI card's result (the analysis, the picture's url, what was
 * measured). status 'pending' while an AI card's job runs (job_id), 'failed' with the fixed message.
 */
export const activityCardResults = sqliteTable(
  "activity_card_results",
  {
    runId: text("run_id")
      .notNull()
      .references(() => activityRuns.id, { onDelete: "cascade" }),
    cardId: text("card_id").notNull(),
    kind: text("kind", { enum: ["instruction", "input", "analysis", "image", "summary"] }).notNull(),
    answer: text("answer", { mode: "json" }).$type<Record<string, unknown> | null>(),
    result: text("result", { mode: "json" }).$type<Record<string, unknown> | null>(),
    status: text("status", { enum: ["done", "pending", "failed"] }).notNull(),
    jobId: text("job_id"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.cardId] })],
);
export type ActivityCardResultRow = typeof activityCardResults.$inferSelect;

/**
 * A file an app's end user (or the creator, simulating one) uploaded for an activity (spec 3 "User
 * media upload"): in R2 under user-media/{appId}/{userId}/. Simulation uploads (the default) are kept
 * apart from real ones and removed after 30 days.
 */
export const userMediaUploads = sqliteTable(
  "user_media_uploads",
  {
    id: text("id").primaryKey(),
    appId: text("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    activityId: text("activity_id"),
    type: text("type", { enum: ["image", "audio", "video", "pdf"] }).notNull(),
    url: text("url").notNull(),
    isForSimulation: integer("is_for_simulation", { mode: "boolean" }).notNull().default(true),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    index("user_media_uploads_app_user").on(t.appId, t.userId, t.createdAt),
    index("user_media_uploads_simulation").on(t.isForSimulation, t.createdAt),
  ],
);
export type UserMediaUploadRow = typeof userMediaUploads.$inferSelect;

/** A simulator persona (a testing step): the creator's named test user of an app. */
export const testingSteps = sqliteTable(
  "testing_steps",
  {
    id: text("id").primaryKey(),
    appId: text("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("testing_steps_app").on(t.appId, t.createdAt)],
);
export type TestingStepRow = typeof testingSteps.$inferSelect;

/**
 * The persona a creator last used in an app's simulator (one row per creator and app): the simulator
 * opens on it again, with or without JavaScript. Deleting the persona deletes the row.
 */
export const simulatorLastPersonas = sqliteTable(
  "simulator_last_personas",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    appId: text("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    testingStepId: text("testing_step_id")
      .notNull()
      .references(() => testingSteps.id, { onDelete: "cascade" }),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.appId] })],
);

/** Testing onboarding info (spec 3): a persona's answers, keyed by app and testing step. */
export const testingOnboardingInfo = sqliteTable(
  "testing_onboarding_info",
  {
    appId: text("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    testingStepId: text("testing_step_id").notNull(),
    info: text("info", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.testingStepId] })],
);
export type TestingOnboardingInfoRow = typeof testingOnboardingInfo.$inferSelect;

/**
 * Everything the simulator shows or produces (spec 3 "Simulator item"): an onboarding page, a plan,
 * a card's result, a replay's outcome. testing_step_id is null for items not made as a persona.
 */
export const simulatorItems = sqliteTable(
  "simulator_items",
  {
    id: text("id").primaryKey(),
    appId: text("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    itemType: text("item_type").notNull(),
    testingStepId: text("testing_step_id"),
    content: text("content", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    index("simulator_items_app").on(t.appId, t.createdAt),
    index("simulator_items_app_type").on(t.appId, t.itemType, t.createdAt),
    index("simulator_items_step").on(t.testingStepId, t.createdAt),
  ],
);
export type SimulatorItemRow = typeof simulatorItems.$inferSelect;

/**
 * A test flow (spec 3): a named script of steps (persona answers, card inputs, uploads) replayed
 * against the current draft; last_run keeps what the previous replay produced, to show what changed.
 */
export const testFlows = sqliteTable(
  "test_flows",
  {
    id: text("id").primaryKey(),
    appId: text("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    steps: text("steps", { mode: "json" })
      .$type<Record<string, unknown>[]>()
      .notNull()
      .default(sql`'[]'`),
    lastRun: text("last_run", { mode: "json" }).$type<Record<string, unknown> | null>(),
    lastRunAt: integer("last_run_at"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("test_flows_app").on(t.appId, t.updatedAt)],
);
export type TestFlowRow = typeof testFlows.$inferSelect;

/**
 * An end user's go at a quiz of the app's blueprint (/today): their chosen option per question and
 * the score, kept on the server so a score is what the server counted, never what a page said.
 */
export const quizAttempts = sqliteTable(
  "quiz_attempts",
  {
    id: text("id").primaryKey(),
    appId: text("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The blueprint item's id. */
    quizId: text("quiz_id").notNull(),
    /** '' for a real user; a testing step's id when the app's owner tries the app as a persona. */
    testingStepId: text("testing_step_id").notNull().default(""),
    /** The chosen option's index per question, in the quiz's order. */
    answers: text("answers", { mode: "json" }).$type<number[]>().notNull(),
    score: integer("score").notNull(),
    total: integer("total").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("quiz_attempts_user").on(t.appId, t.userId, t.testingStepId, t.createdAt)],
);
export type QuizAttemptRow = typeof quizAttempts.$inferSelect;

/** A lesson a learner saved to their library from /v2/sparks (a free preview they mean to come back to). */
export const savedLessons = sqliteTable(
  "saved_lessons",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lessonId: text("lesson_id")
      .notNull()
      .references(() => lessons.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lessonId] }), index("saved_lessons_user_time").on(t.userId, t.createdAt)],
);
export type SavedLessonRow = typeof savedLessons.$inferSelect;

/** Behind-the-scenes product videos (bts): how a class was made, each with its own page and viewer feedback. */
export const btsVideos = sqliteTable("bts_videos", {
  id: text("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  /** A file we serve (/media/lessons/...) or a streaming link, as a lesson's videoUrl. */
  videoUrl: text("video_url").notNull(),
  captionsUrl: text("captions_url"),
  posterUrl: text("poster_url").notNull(),
  durationSeconds: integer("duration_seconds").notNull(),
  /** The class the video is about, when there is one: the page links to it. */
  productId: text("product_id").references(() => products.id, { onDelete: "set null" }),
  position: integer("position").notNull().default(0),
  createdAt: integer("created_at").notNull(),
});
export type BtsVideoRow = typeof btsVideos.$inferSelect;

/**
 * A viewer's feedback on one bts video: one row per viewer per video, edited in place. viewerId is
 * the user's id, or the visitor's anonymous id ('anon_...') for a visitor who is not signed in.
 */
export const btsFeedback = sqliteTable(
  "bts_feedback",
  {
    videoId: text("video_id")
      .notNull()
      .references(() => btsVideos.id, { onDelete: "cascade" }),
    viewerId: text("viewer_id").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    /** 1 to 5 stars. */
    rating: integer("rating").notNull(),
    comment: text("comment").notNull().default(""),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.videoId, t.viewerId] }),
    index("bts_feedback_video_time").on(t.videoId, t.updatedAt),
  ],
);
export type BtsFeedbackRow = typeof btsFeedback.$inferSelect;

/** A time-boxed challenge ("30 days of scales"): one lesson a day from startsAt for `days` days. */
export const challenges = sqliteTable("challenges", {
  id: text("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  title: text("title").notNull(),
  tagline: text("tagline").notNull(),
  description: text("description").notNull(),
  coverUrl: text("cover_url").notNull(),
  /** Day 1 starts at this instant (ms, UTC midnight of the start date). */
  startsAt: integer("starts_at").notNull(),
  days: integer("days").notNull(),
  createdAt: integer("created_at").notNull(),
});
export type ChallengeRow = typeof challenges.$inferSelect;

/** The lesson of each day of a challenge (day 1 to challenges.days). */
export const challengeDays = sqliteTable(
  "challenge_days",
  {
    challengeId: text("challenge_id")
      .notNull()
      .references(() => challenges.id, { onDelete: "cascade" }),
    day: integer("day").notNull(),
    lessonId: text("lesson_id")
      .notNull()
      .references(() => lessons.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.challengeId, t.day] })],
);

/** Who joined a challenge. A day counts toward the streak when its lesson is complete (lesson_progress). */
export const challengeEnrollments = sqliteTable(
  "challenge_enrollments",
  {
    challengeId: text("challenge_id")
      .notNull()
      .references(() => challenges.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    joinedAt: integer("joined_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.challengeId, t.userId] }), index("challenge_enrollments_user").on(t.userId)],
);

export interface ExperimentVariant {
  /** 'A', 'B', ...: what 'experiment | viewed' reports. */
  key: string;
  /** A relative weight (any positive integer); shares are weight / sum of weights. */
  weight: number;
}

/** An A/B test an admin defines: visitors are assigned a variant by weight while it runs. */
export const experiments = sqliteTable("experiments", {
  key: text("key").primaryKey(),
  description: text("description").notNull().default(""),
  variants: text("variants", { mode: "json" }).$type<ExperimentVariant[]>().notNull(),
  startsAt: integer("starts_at").notNull(),
  /** null: runs until stopped. */
  stopsAt: integer("stops_at"),
  createdAt: integer("created_at").notNull(),
  updatedAt: integer("updated_at").notNull(),
});
export type ExperimentRow = typeof experiments.$inferSelect;

/**
 * The variant a visitor was given, so it stays theirs: subjectId is the anonymous visitor id
 * first; when that visitor signs in, userId is filled and the user keeps the variant on any device.
 */
export const experimentAssignments = sqliteTable(
  "experiment_assignments",
  {
    experimentKey: text("experiment_key")
      .notNull()
      .references(() => experiments.key, { onDelete: "cascade" }),
    subjectId: text("subject_id").notNull(),
    userId: text("user_id"),
    variant: text("variant").notNull(),
    assignedAt: integer("assigned_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.experimentKey, t.subjectId] }),
    index("experiment_assignments_user").on(t.experimentKey, t.userId),
  ],
);
