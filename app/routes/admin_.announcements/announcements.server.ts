/** /admin/announcements over HTTP: admins announce something to everyone (checked on the server). */
import { data } from "@remix-run/cloudflare";
import { announce } from "~/features/admin/announcements.server";
import { announcementSchema, type AnnouncementInput } from "~/features/notifications/schema";
import { requireAdmin } from "~/http/admin.server";
import { redirectWithToast } from "~/http/toast.server";
import type { AppContext } from "~/platform/context";
import { randomHex } from "~/platform/crypto.server";
import { firstErrors, parseForm } from "~/platform/form.server";
import { formDataOf } from "~/platform/http.server";

export type AnnouncementFormAnswer = {
  errors: Partial<Record<keyof AnnouncementInput | "form", string>>;
  values: Record<string, string>;
};

export async function announcementPage(app: AppContext, request: Request) {
  await requireAdmin(app, request);
  return { idempotencyKey: randomHex(16) };
}

export async function announcementAction(app: AppContext, request: Request) {
  await requireAdmin(app, request);
  const form = (await formDataOf(request)) ?? new FormData();
  const values = Object.fromEntries([...form].filter((e): e is [string, string] => typeof e[1] === "string"));
  const submission = parseForm(form, { schema: announcementSchema });
  if (submission.status !== "success") {
    const errors = firstErrors(submission.error, (name) =>
      name === "idempotencyKey" ? "form" : (name as keyof AnnouncementInput),
    );
    return data<AnnouncementFormAnswer>({ errors, values }, { status: 400 });
  }
  const { created } = await announce(app, submission.value);
  const title = created ? "Announcement sent to everyone." : "That announcement was already sent.";
  return redirectWithToast(request, "/admin/announcements", { kind: "success", title });
}
