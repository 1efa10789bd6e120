import { topicsForAppQuery } from "~/features/media/schema";
import { topicsOfApp } from "~/features/media/topics.server";
import { signedInLoader } from "~/http/api.server";

/** GET /api/apps/getTopicsForApp?appId (auth, owner) → {topics} (also under 'response'): ours, for the library screen; in order, with mediaCount. */
export const loader = signedInLoader(topicsForAppQuery, async ({ input, app, user }) => {
  const topics = await topicsOfApp(app, user, input.appId);
  return { topics, response: { topics } };
});
