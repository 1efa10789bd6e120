#!/usr/bin/env node
// Makes an existing user an admin (or takes it back): how the first admin is made.
//
//   npm run admin -- grant <email> [--persist-to DIR]      local D1 (what `npm start` serves)
//   npm run admin -- revoke <email> [--persist-to DIR]
//   npm run admin -- grant <email> --remote                 the deployed D1 (needs `wrangler login`)
//
// The user must have signed up first. Admins see /admin and pass /api/isAdmin and /api/checkIsAdmin.
import { sqlValue } from "./catalogue-sql.mjs";
import { fail, parseArgs, persistArgs, runWrangler } from "./wrangler-env.mjs";

const usage = "usage: npm run admin -- grant|revoke <email> [--persist-to DIR | --remote]";
const argv = process.argv.slice(2);
const remote = argv.includes("--remote");
const { positionals, options } = parseArgs(
  argv.filter((a) => a !== "--remote"),
  { usage },
);
if (positionals.length !== 2 || !["grant", "revoke"].includes(positionals[0])) fail(usage);
const [action, rawEmail] = positionals;
const email = rawEmail.trim().toLowerCase();
if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) fail(`"${rawEmail}" is not an email address`);

const where = remote ? ["--remote"] : ["--local", ...persistArgs(options["persist-to"])];
const sql = `UPDATE users SET is_admin = ${action === "grant" ? 1 : 0} WHERE email = ${sqlValue(email)}; SELECT email, is_admin FROM users WHERE email = ${sqlValue(email)};`;
const result = runWrangler(["d1", "execute", "DB", ...where, "--json", "--command", sql]);
const rows = JSON.parse(result.stdout).flatMap((r) => r.results ?? []);
if (!rows.some((r) => r.email === email)) fail(`no user with the email ${email}: they must sign up first`);
console.log(
  `${email} is ${action === "grant" ? "now an admin" : "no longer an admin"}${remote ? " (remote D1)" : " (local D1)"}.`,
);
