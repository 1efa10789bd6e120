// The demo challenge, as SQL statements (pure: pass `now`): "30 Days of Music", started 5 days before
// the seed (UTC midnight) so it is always running on a fresh start, one lesson a day. Its lessons are
// the free previews of 30 music classes, taken in turn from each instrument, so every participant (and
// every visitor) may watch each day's lesson. Eight seeded learners (no password: they cannot sign in)
// have joined, so the page's count is real rows. Run after catalogueStatements (the days point at its
// lessons; re-seeding the catalogue drops the days, and these statements put them back).
import { DAY_MS, insertStatements, sqlValue } from "./catalogue-sql.mjs";
import { classes } from "../fixtures/catalogue/index.mjs";

export const DEMO_CHALLENGE = {
  id: "c4a11e00-0000-4000-8000-000000000030",
  slug: "30-days-of-music",
  title: "30 Days of Music",
  tagline: "One free lesson a day for a month, each from a different teacher.",
  description:
    "Thirty days, thirty teachers. Every day opens a new first lesson from one of our music classes: guitar on day one, piano the next, then voice, songwriting, production, DJing and drums, round and round.\n\n" +
    "Each lesson takes about ten minutes. Watch it on its day to keep your streak going; your dashboard shows today's lesson and how many days in a row you've kept up. Every lesson is a free preview, so all you need is an account.",
  coverUrl: "/covers/challenge--30-days-of-music.svg",
  days: 30,
  /** Day 6 on the day of the seed. */
  startedDaysBeforeSeed: 5,
};

const MUSIC = ["Guitar", "Piano", "Vocals", "Songwriting", "Music Production", "DJing", "Drums"];

/** The 30 preview lessons, one class of each instrument in turn. */
export function challengeLessons() {
  const queues = MUSIC.map((category) => classes.filter((c) => c.category === category));
  const picked = [];
  for (let round = 0; picked.length < DEMO_CHALLENGE.days; round++) {
    for (const queue of queues) {
      const c = queue[round];
      const lesson = c?.lessons.find((l) => l.isPreview);
      if (lesson && picked.length < DEMO_CHALLENGE.days) picked.push(lesson.id);
    }
    if (round > 50) throw new Error("not enough music classes with a free preview for the demo challenge");
  }
  return picked;
}

export const CHALLENGE_PARTICIPANTS = Array.from({ length: 8 }, (_, i) => ({
  id: `c4a11e00-0000-4000-8000-0000000001${String(i + 1).padStart(2, "0")}`,
  email: `challenger-${i + 1}@studio.example`,
  firstName: ["Ana", "Ben", "Chidi", "Dana", "Eli", "Fen", "Gus", "Hana"][i],
  lastName: "Challenger",
}));

/** UTC midnight of the day `now` falls on. */
const midnight = (now) => Math.floor(now / DAY_MS) * DAY_MS;

export function challengeStatements(now) {
  now = Math.round(Number(now));
  const c = DEMO_CHALLENGE;
  const startsAt = midnight(now) - c.startedDaysBeforeSeed * DAY_MS;
  return [
    `INSERT INTO challenges (id, slug, title, tagline, description, cover_url, starts_at, days, created_at) VALUES (` +
      `${[c.id, c.slug, c.title, c.tagline, c.description, c.coverUrl, startsAt, c.days, now].map(sqlValue).join(", ")})\n` +
      `ON CONFLICT(id) DO UPDATE SET slug = excluded.slug, title = excluded.title, tagline = excluded.tagline, description = excluded.description, ` +
      `cover_url = excluded.cover_url, starts_at = excluded.starts_at, days = excluded.days;`,
    `DELETE FROM challenge_days WHERE challenge_id = ${sqlValue(c.id)};`,
    ...insertStatements(
      "challenge_days",
      ["challenge_id", "day", "lesson_id"],
      challengeLessons().map((lessonId, i) => [c.id, i + 1, lessonId]),
    ),
    ...CHALLENGE_PARTICIPANTS.map(
      (u) =>
        `INSERT INTO users (id, email, email_verified, username, first_name, last_name, sign_up_date) VALUES (` +
        `${[u.id, u.email, 1, u.id, u.firstName, u.lastName, now].map(sqlValue).join(", ")}) ON CONFLICT(id) DO NOTHING;`,
    ),
    ...insertStatements(
      "challenge_enrollments",
      ["challenge_id", "user_id", "joined_at"],
      CHALLENGE_PARTICIPANTS.map((u, i) => [c.id, u.id, startsAt - DAY_MS + i * 3_600_000]),
      { verb: "INSERT OR IGNORE" },
    ),
  ];
}
