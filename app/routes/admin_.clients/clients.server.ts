/** /admin/clients over HTTP: the apps registered to sign people in; admins add one and set whether it must use PKCE (checked on the server). */
import { data } from "@remix-run/cloudflare";
import { addClientSchema, type AddClientInput } from "~/features/identity/clients";
import { listClients, registerClient, setRequirePkce } from "~/features/identity/clients.server";
import { requireAdmin } from "~/http/admin.server";
import { redirectWithToast } from "~/http/toast.server";
import type { AppContext } from "~/platform/context";
import { randomHex } from "~/platform/crypto.server";
import { firstErrors, parseForm } from "~/platform/form.server";
import { formDataOf } from "~/platform/http.server";

export type AddClientAnswer = {
  errors: Partial<Record<keyof AddClientInput | "form", string>>;
  /** What the add form held (none after the PKCE switch). */
  values?: { name?: string; redirectUris?: string; scopes: string[]; confidential: boolean; requirePkce: boolean };
};

export async function clientsPage(app: AppContext, request: Request) {
  await requireAdmin(app, request);
  // A new key per load: after an add, the page's form starts empty again (with JavaScript too).
  return { clients: await listClients(app), origin: new URL(request.url).origin, formKey: randomHex(8) };
}

export async function addClientAction(app: AppContext, request: Request) {
  await requireAdmin(app, request);
  const form = (await formDataOf(request)) ?? new FormData();
  if (form.get("intent") === "require-pkce") return requirePkceAction(app, request, form);
  const submission = parseForm(form, { schema: addClientSchema });
  if (submission.status !== "success") {
    // A list's own error, or one item's ("redirectUris[1]"): both belong to the field.
    const errors = firstErrors(
      submission.error,
      (name) => (name.replace(/\[\d+\]$/, "") || "form") as keyof AddClientAnswer["errors"],
    );
    const values = {
      name: String(form.get("name") ?? ""),
      redirectUris: String(form.get("redirectUris") ?? ""),
      scopes: form.getAll("scopes").map(String),
      confidential: form.get("confidential") === "on",
      requirePkce: form.get("requirePkce") === "on",
    };
    return data<AddClientAnswer>({ errors, values }, { status: 400 });
  }
  const client = await registerClient(app, submission.value);
  return redirectWithToast(request, "/admin/clients", {
    kind: "success",
    title: `Registered ${client.name}: its client id is ${client.id}.`,
  });
}

/** A registered app's "Require PKCE" switch: the form sends the client and the value to set, "on" or "off". */
async function requirePkceAction(app: AppContext, request: Request, form: FormData) {
  const value = form.get("value");
  const name =
    value === "on" || value === "off"
      ? await setRequirePkce(app, String(form.get("clientId") ?? ""), value === "on")
      : null;
  if (!name) return data<AddClientAnswer>({ errors: { form: "That app could not be changed." } }, { status: 400 });
  return redirectWithToast(request, "/admin/clients", {
    kind: "success",
    title: value === "on" ? `${name} must now use PKCE.` : `${name} may now sign people in without PKCE.`,
  });
}
