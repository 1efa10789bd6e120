// The demo accounts `npm run db:seed` creates (and `npm start` prints): a learner, a creator and an
// admin. Passwords are hashed here exactly as the worker hashes them (PBKDF2-SHA256, 100,000 rounds).
import { pbkdf2Sync, randomBytes } from "node:crypto";
import { sqlValue } from "./catalogue-sql.mjs";

export const DEMO_ACCOUNTS = [
  {
    id: "d0000000-0000-4000-8000-000000000001",
    email: "learner@studio.example",
    password: "learner-demo-1",
    firstName: "Lena",
    lastName: "Learner",
    role: "learner",
  },
  {
    id: "d0000000-0000-4000-8000-000000000002",
    email: "creator@studio.example",
    password: "creator-demo-1",
    firstName: "Cruz",
    lastName: "Creator",
    role: "creator",
  },
  {
    id: "d0000000-0000-4000-8000-000000000003",
    email: "admin@studio.example",
    password: "admin-demo-1",
    firstName: "Ada",
    lastName: "Admin",
    role: "admin",
  },
];

export function hashPassword(password) {
  const salt = randomBytes(16);
  const hash = pbkdf2Sync(password, salt, 100_000, 32, "sha256");
  return `pbkdf2-sha256$100000$${salt.toString("base64")}$${hash.toString("base64")}`;
}

/** Upserts the demo users and their passwords (the same ids every time, so re-seeding keeps their data). */
export function demoAccountStatements(now) {
  return DEMO_ACCOUNTS.flatMap((a) => {
    // The demo creator sells Marisol Vega's storefront, so /dashboard/classes has classes (and sales once someone buys),
    // and owns its published half-marathon app (tests/tools/apps-sql.mjs).
    const creatorInfo =
      a.role === "creator"
        ? JSON.stringify({ hasNewDashboardAccess: true, hasApps: true, storefrontSlug: "marisol-vega" })
        : null;
    // The learner starts with $10 of monthly credit (kept in dollars, as the spec's users are), so the cart's credit line shows.
    const credit = a.role === "learner" ? JSON.stringify({ monthlyCredit: 10 }) : null;
    return [
      `INSERT INTO users (id, email, email_verified, username, first_name, last_name, creator_info, is_admin, monthly_credit_info, sign_up_date) VALUES (` +
        `${sqlValue(a.id)}, ${sqlValue(a.email)}, 1, ${sqlValue(a.id)}, ${sqlValue(a.firstName)}, ${sqlValue(a.lastName)}, ${sqlValue(creatorInfo)}, ${a.role === "admin" ? 1 : 0}, ${sqlValue(credit)}, ${now})\n` +
        `ON CONFLICT(id) DO UPDATE SET email = excluded.email, creator_info = excluded.creator_info, is_admin = excluded.is_admin, monthly_credit_info = coalesce(users.monthly_credit_info, excluded.monthly_credit_info);`,
      `INSERT INTO password_credentials (user_id, hash, updated_at) VALUES (${sqlValue(a.id)}, ${sqlValue(hashPassword(a.password))}, ${now})\n` +
        `ON CONFLICT(user_id) DO UPDATE SET hash = excluded.hash, updated_at = excluded.updated_at;`,
    ];
  });
}

/** Demo discount codes: WELCOME10 (10% off) and FIVEOFF ($5 off, 100 uses). */
export function demoDiscountStatements(now) {
  return [
    `INSERT INTO discount_codes (code, percent_off, amount_off_cents, expires_at, max_redemptions, redemptions, created_at) VALUES ('WELCOME10', 10, NULL, NULL, NULL, 0, ${now}), ('FIVEOFF', NULL, 500, NULL, 100, 0, ${now})\n` +
      `ON CONFLICT(code) DO NOTHING;`,
  ];
}

export function demoAccountsTable() {
  return DEMO_ACCOUNTS.map((a) => `    ${a.role.padEnd(8)} ${a.email.padEnd(24)} ${a.password}`).join("\n");
}
