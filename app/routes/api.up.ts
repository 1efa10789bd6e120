import { z } from "zod";
import { apiJson, apiLoader } from "~/http/api.server";
import { serverUp } from "~/platform/health.server";

/** GET /api/up: 'yes' when the database answers (the sign-up sequence checks it first), else 'no' with a 503. */
export const loader = apiLoader(z.object({}), async ({ app }) =>
  (await serverUp(app)) ? { up: "yes" } : apiJson({ up: "no" }, { status: 503 }),
);

/** Other methods: the wrapper answers 405. */
export const action = loader;
