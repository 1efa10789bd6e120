import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isbot } from "isbot";
import { parseQuery } from "~/features/catalog/schema";
import { shareQuery } from "~/features/storefronts/schema";
import { shareStorefront } from "~/features/storefronts/storefronts.server";
import { visitorOf } from "~/http/visitor.server";
import { notFound } from "~/platform/http.server";
import { ServiceError } from "~/platform/service-error";

/**
 * GET /creators/{storefrontSlug}/share?to=email|x|facebook|whatsapp: the share modal's target links.
 * Records 'creator storefront page | share modal shared' with the target and redirects to that
 * network's share page (or mailto:) with the storefront's canonical link. Only those four targets:
 * anything else is a 400 with the choices, never a redirect. Bots are redirected without a record.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { app } = context;
  const url = new URL(request.url);
  const slug = params.storefrontSlug ?? "";
  const parsed = parseQuery(shareQuery, url);
  if (!parsed.success)
    throw new Response(parsed.error.issues[0]?.message ?? "Choose where to share.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  const { user, anonymousId } = await visitorOf(app, request);
  const target = await shareStorefront(
    app,
    { userId: user?.id ?? null, anonymousId },
    {
      storefrontSlug: slug,
      to: parsed.data.to,
      origin: url.origin,
      record: !isbot(request.headers.get("User-Agent") || ""),
    },
  ).catch((error: unknown) => {
    if (error instanceof ServiceError && error.failure === "not-found") notFound(error.message);
    throw error;
  });
  return redirect(target, { status: 302, headers: { "Cache-Control": "no-store", Vary: "Cookie" } });
}
