/** The admin screens' guard: the server decides who is an admin (users.is_admin). */
import { redirect } from "@remix-run/cloudflare";
import type { UserRow } from "~/db/schema";
import { isAdmin } from "~/features/admin/admin.server";
import type { AppContext } from "~/platform/context";
import { sessionUserOf } from "./session.server";
import { loginHref } from "./visitor.server";

/** The signed-in admin, or the answer that stops everyone else: visitors go to Log In, others get a 403. */
export async function requireAdmin(app: AppContext, request: Request): Promise<UserRow> {
  const user = await sessionUserOf(app, request);
  if (!user) throw redirect(loginHref(new URL(request.url).pathname));
  if (!isAdmin(user)) throw new Response("Admins only", { status: 403 });
  return user;
}
