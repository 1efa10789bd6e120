import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";

/** /v2/classes (spec: the newer class browse; 'Explore Classes' after joining a waitlist goes here): the browse page, query kept. */
export function loader({ request }: LoaderFunctionArgs) {
  return redirect(`/classes${new URL(request.url).search}`);
}
