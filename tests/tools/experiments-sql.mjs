// The seed's experiments: the home hero's A/B test ('home-hero', 50/50, running from a day before the
// seed, no end) and the hero's words with its B title and description (the 'homepage-hero' flag,
// which admins edit at /admin), so a fresh start shows both variants across visitors.
//
//   import { experimentStatements } from "../tools/experiments-sql.mjs";
import { DAY_MS, featureFlagStatement, sqlValue } from "./catalogue-sql.mjs";

export const HOME_HERO_EXPERIMENT = "home-hero";

/** The 'homepage-hero' flag's payload: variant B's words (A keeps the built-in ones). */
export const heroPayload = () => ({
  titleB: "Play your first song this week",
  descriptionB:
    "Short lessons from working musicians that get you playing real music from day one: pick an instrument, follow along, and keep your place on every device.",
});

export function experimentStatements(now) {
  const variants = [
    { key: "A", weight: 50 },
    { key: "B", weight: 50 },
  ];
  return [
    `INSERT INTO experiments (key, description, variants, starts_at, stops_at, created_at, updated_at) VALUES (` +
      `${sqlValue(HOME_HERO_EXPERIMENT)}, ${sqlValue("The home hero's title and description: A (the built-in words) against B (the homepage-hero flag's titleB and descriptionB).")}, ` +
      `${sqlValue(JSON.stringify(variants))}, ${now - DAY_MS}, NULL, ${now}, ${now})\n` +
      `ON CONFLICT(key) DO UPDATE SET description = excluded.description, variants = excluded.variants, starts_at = excluded.starts_at, stops_at = NULL, updated_at = excluded.updated_at;`,
    featureFlagStatement("homepage-hero", true, heroPayload(), now),
  ];
}
