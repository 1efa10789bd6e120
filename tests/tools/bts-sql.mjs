// Behind-the-scenes (bts) product videos seed: four short films, each about a demo class, playing the
// demo practice clips in public/video (with captions) and the class's cover art as the poster, plus a
// few anonymous viewers' feedback so /admin shows counts and averages. Pure (pass `now`); run after
// the catalogue statements (reseeding the catalogue deletes the classes these point at). Used by
// tests/tools/seed.mjs and the integration tests' TEST_SEED.
import { coverUrl, productId, uuidV5, CATALOGUE_NAMESPACE } from "../fixtures/catalogue/index.mjs";
import { insertStatements } from "./catalogue-sql.mjs";

const MINUTE = 60_000;

export const BTS_VIDEOS = [
  {
    slug: "on-set-fingerstyle-foundations",
    title: "On set: filming Fingerstyle Guitar Foundations",
    description:
      "Two cameras, one nylon-string guitar and a lot of tea. Marisol walks us through how she planned each lesson, why the right hand gets its own close-up, and the take we almost kept.",
    clip: 1,
    storefrontSlug: "marisol-vega",
    classSlug: "fingerstyle-foundations",
  },
  {
    slug: "in-the-studio-mixing-hip-hop-vocals",
    title: "In the studio: building the Mixing Hip-Hop Vocals class",
    description:
      "Priya opens the session she used for the class: the vocal chain, the reference tracks she checks against, and how we captured her screen and her hands at the same time.",
    clip: 2,
    storefrontSlug: "priya-raman",
    classSlug: "mixing-hip-hop-vocals",
  },
  {
    slug: "miking-the-kit-drums-from-day-one",
    title: "Miking the kit for Drums from Day One",
    description:
      "Eight microphones, three camera angles and a room full of foam. Rhoda and our sound team show how a drum lesson is recorded so every ghost note comes through.",
    clip: 3,
    storefrontSlug: "rhoda-kemp",
    classSlug: "drums-from-day-one",
  },
  {
    slug: "writing-piano-for-adult-beginners",
    title: "Writing the lessons of Piano for Adult Beginners",
    description:
      "Before a single camera rolled, Hannah spent a month with adult learners. Here is how their questions became the order of the lessons.",
    clip: 4,
    storefrontSlug: "hannah-lindqvist",
    classSlug: "piano-for-adult-beginners",
  },
].map((v, i) => ({
  ...v,
  id: uuidV5(`bts:${v.slug}`, CATALOGUE_NAMESPACE),
  productId: productId(v.storefrontSlug, v.classSlug),
  videoUrl: `/video/lesson-${v.clip}.webm`,
  captionsUrl: `/video/lesson-${v.clip}.vtt`,
  posterUrl: coverUrl(v.storefrontSlug, v.classSlug),
  durationSeconds: 12,
  position: i + 1,
}));

/** Anonymous viewers' answers: [video index, viewer number, rating, comment, minutes ago]. */
const FEEDBACK = [
  [0, 1, 5, "Loved seeing the two-camera setup. More of these, please!", 50],
  [0, 2, 4, "Great to hear why the lessons are in this order.", 140],
  [0, 3, 4, "", 300],
  [1, 1, 5, "The vocal chain walkthrough was worth it on its own.", 75],
  [1, 4, 3, "A bit short: I wanted to see the whole mix.", 200],
  [2, 2, 5, "Eight mics! No wonder the lessons sound so good.", 30],
  [2, 5, 4, "", 400],
];

export const btsViewerId = (n) => `anon_${uuidV5(`bts-viewer:${n}`, CATALOGUE_NAMESPACE)}`;

export function btsStatements(now) {
  const videoRows = BTS_VIDEOS.map((v) => [
    v.id,
    v.slug,
    v.title,
    v.description,
    v.videoUrl,
    v.captionsUrl,
    v.posterUrl,
    v.durationSeconds,
    v.productId,
    v.position,
    now - (BTS_VIDEOS.length - v.position + 1) * 24 * 60 * MINUTE,
  ]);
  const feedbackRows = FEEDBACK.map(([video, viewer, rating, comment, ago]) => [
    BTS_VIDEOS[video].id,
    btsViewerId(viewer),
    null,
    rating,
    comment,
    now - ago * MINUTE,
    now - ago * MINUTE,
  ]);
  return [
    "DELETE FROM bts_feedback;",
    "DELETE FROM bts_videos;",
    ...insertStatements(
      "bts_videos",
      [
        "id",
        "slug",
        "title",
        "description",
        "video_url",
        "captions_url",
        "poster_url",
        "duration_seconds",
        "product_id",
        "position",
        "created_at",
      ],
      videoRows,
    ),
    ...insertStatements(
      "bts_feedback",
      ["video_id", "viewer_id", "user_id", "rating", "comment", "created_at", "updated_at"],
      feedbackRows,
    ),
  ];
}
