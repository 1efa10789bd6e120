/**
 * /admin/announcements: an admin announces something to everyone. It becomes one universal
 * notification (user_id NULL: the red dot for every user who has not seen it) and is pushed live to
 * everyone online. The form's idempotency key makes a double click announce once.
 */
import { data, redirect } from "@remix-run/cloudflare";
import { notify } from "~/features/notifications/notify.server";
import { announcementSchema, type AnnouncementInput } from "~/features/notifications/schema";
import type { AppContext } from "~/platform/context";
import { randomHex } from "~/platform/crypto.server";
import { formDataOf, isSecureRequest } from "~/platform/http.server";
import { setToastHeader } from "~/platform/toast.server";
import { requireAdmin } from "./admin.server";

export type AnnouncementFormAnswer = {
  errors: Partial<Record<keyof AnnouncementInput | "form", string>>;
  values: Record<string, string>;
};

export async function announcementPage(app: AppContext, request: Request) {
  await requireAdmin(app, request);
  return { idempotencyKey: randomHex(16) };
}

export function announce(app: AppContext, input: AnnouncementInput) {
  return notify(app, {
    userId: null,
    kind: "announcement",
    title: input.title,
    body: input.body,
    link: input.link,
    dedupeKey: `announcement:${input.idempotencyKey}`,
  });
}

export async function announcementAction(app: AppContext, request: Request) {
  await requireAdmin(app, request);
  const form = Object.fromEntries((await formDataOf(request)) ?? new FormData());
  const values = Object.fromEntries(
    Object.entries(form).filter((e): e is [string, string] => typeof e[1] === "string"),
  );
  const input = announcementSchema.safeParse(form);
  if (!input.success) {
    const errors: AnnouncementFormAnswer["errors"] = {};
    for (const issue of input.error.issues) {
      const field = issue.path[0] === "idempotencyKey" ? "form" : (issue.path[0] as keyof AnnouncementInput);
      errors[field] ??= issue.message;
    }
    return data<AnnouncementFormAnswer>({ errors, values }, { status: 400 });
  }
  const { created } = await announce(app, input.data);
  const title = created ? "Announcement sent to everyone." : "That announcement was already sent.";
  return redirect("/admin/announcements", {
    status: 303,
    headers: { "Set-Cookie": await setToastHeader({ kind: "success", title }, isSecureRequest(request)) },
  });
}
