import { z } from "zod";
import { allCollections } from "~/features/catalog/catalog.server";
import { apiJson, apiLoader, methodNotAllowed } from "~/http/api.server";

/** GET /api/getAllProductCollections: every collection; schools are dropped. */
export const loader = apiLoader(z.object({}), async ({ app }) =>
  apiJson({ collections: await allCollections(app) }, { maxAge: 60 }),
);
export const action = methodNotAllowed;
