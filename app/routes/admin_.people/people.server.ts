/** /admin/people over HTTP: admins add a person, who gets a temporary password by email (checked on the server). */
import { data } from "@remix-run/cloudflare";
import { EmailTakenError } from "~/features/identity/accounts.server";
import { invitePerson, peopleWaiting } from "~/features/identity/invitations.server";
import { TEMPORARY_PASSWORD_DAYS } from "~/features/identity/rules";
import { addPersonSchema, type AddPersonInput } from "~/features/identity/schema";
import { requireAdmin } from "~/http/admin.server";
import { redirectWithToast } from "~/http/toast.server";
import { EmailNotConfiguredError, emailNotConfiguredMessage } from "~/platform/adapters/email/email.server";
import type { AppContext } from "~/platform/context";
import { randomHex } from "~/platform/crypto.server";
import { firstErrors, parseForm } from "~/platform/form.server";
import { formDataOf } from "~/platform/http.server";

export type AddPersonAnswer = {
  errors: Partial<Record<keyof AddPersonInput | "form", string>>;
  values: Record<string, string>;
};

export async function peoplePage(app: AppContext, request: Request) {
  await requireAdmin(app, request);
  // A new key per load: after an add, the page's form starts empty again (with JavaScript too).
  return { waiting: await peopleWaiting(app), days: TEMPORARY_PASSWORD_DAYS, formKey: randomHex(8) };
}

export async function addPersonAction(app: AppContext, request: Request) {
  await requireAdmin(app, request);
  const form = (await formDataOf(request)) ?? new FormData();
  const values = Object.fromEntries([...form].filter((e): e is [string, string] => typeof e[1] === "string"));
  const refuse = (errors: AddPersonAnswer["errors"], status = 400) =>
    data<AddPersonAnswer>({ errors, values }, { status });
  const submission = parseForm(form, { schema: addPersonSchema(app.env.SUPPORT_EMAIL) });
  if (submission.status !== "success") {
    return refuse(firstErrors<keyof AddPersonAnswer["errors"]>(submission.error));
  }
  try {
    const person = await invitePerson(app, submission.value);
    return redirectWithToast(request, "/admin/people", {
      kind: "success",
      title: `Added ${person.firstName} ${person.lastName}. They have their temporary password by email.`,
    });
  } catch (error) {
    if (error instanceof EmailTakenError) return refuse({ email: "An account with the given email already exists." });
    if (error instanceof EmailNotConfiguredError)
      return refuse({ form: emailNotConfiguredMessage(app.env.SUPPORT_EMAIL) }, 503);
    throw error;
  }
}
