import { z } from "zod";
import { allCollections } from "~/features/catalog/catalog.server";
import { apiJson, apiLoader, methodNotAllowed } from "~/platform/api.server";

/** GET /api/getAllProductCollections: every collection; schools are dropped. */
export const loader = apiLoader(z.object({}), async (_input, app) =>
  apiJson({ collections: await allCollections(app) }, { maxAge: 60 }),
);
export const action = methodNotAllowed;
