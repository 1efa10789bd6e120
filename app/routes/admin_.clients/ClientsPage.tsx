/** /admin/clients: the apps registered to sign people in, each one's PKCE switch, and a form to add one. Plain forms (work without JavaScript). */
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminFormPage } from "~/features/admin/components/AdminFormPage";
import { CLIENT_NAME_MAX, CLIENT_SCOPES } from "~/features/identity/clients";
import { Button } from "~/ui/Button";
import { Textarea } from "~/ui/Textarea";
import { TextInput } from "~/ui/TextInput";
import type { AddClientAnswer, clientsPage } from "./clients.server";

type ClientItem = Awaited<ReturnType<typeof clientsPage>>["clients"][number];

const SCOPE_HINTS: Record<(typeof CLIENT_SCOPES)[number], string> = {
  openid: "sign-in (the id token)",
  email: "their email address",
  profile: "their name",
  "aws.cognito.signin.user.admin": "the identity API's calls on their own account",
};
const DEFAULT_SCOPES = ["openid", "email", "profile"];

/** Hosted login's PKCE rule for one app: always for a public app; a switch for a confidential one. */
function PkceSetting({ client }: { client: ClientItem }) {
  if (!client.secret) return <>Always (a public app)</>;
  const on = client.requirePkce;
  return (
    <Form method="post" className="admin__toggle">
      <input type="hidden" name="intent" value="require-pkce" />
      <input type="hidden" name="clientId" value={client.id} />
      <input type="hidden" name="value" value={on ? "off" : "on"} />
      <button
        type="submit"
        className={`admin__chip${on ? " admin__chip--on" : ""}`}
        aria-pressed={on}
        aria-label={`Require PKCE for ${client.name}: ${on ? "on" : "off"}`}
      >
        Require PKCE
      </button>
    </Form>
  );
}

export function ClientsPage() {
  const { clients, origin, formKey } = useLoaderData<Awaited<ReturnType<typeof clientsPage>>>();
  const answer = useActionData<AddClientAnswer>();
  const errors = answer?.errors ?? {};
  const values = answer?.values;
  const adding = useNavigation().state === "submitting";
  return (
    <AdminFormPage
      title="App clients"
      intro={`Apps registered here sign people in with their ${origin} account: through the identity API at ${origin}/api/identity (their client id as ClientId), with tokens any app checks against ${origin}/.well-known/jwks.json.`}
      formError={errors.form}
    >
      <section aria-labelledby="clients-list" className="admin__section">
        <h2 id="clients-list">Registered</h2>
        <table className="admin__table">
          <thead>
            <tr>
              <th scope="col">App</th>
              <th scope="col">Client id</th>
              <th scope="col">Redirect addresses</th>
              <th scope="col">Scopes</th>
              <th scope="col">PKCE</th>
            </tr>
          </thead>
          <tbody>
            {clients.map((client) => (
              <tr key={client.id}>
                <td>
                  {client.name}
                  <span className="account__badge">{client.secret ? "Confidential" : "Public"}</span>
                  {client.secret ? (
                    <details>
                      <summary>Show the secret for {client.name}</summary>
                      <code>{client.secret}</code>
                    </details>
                  ) : null}
                </td>
                <td>
                  <code>{client.id}</code>
                </td>
                <td>
                  {client.redirectUris.length ? client.redirectUris.join(", ") : "None (sign-in by the API only)"}
                </td>
                <td>{client.scopes.join(", ")}</td>
                <td>
                  <PkceSetting client={client} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section aria-labelledby="clients-add" className="admin__section">
        <h2 id="clients-add">Add an app</h2>
        <Form method="post" className="admin__flag" key={formKey}>
          <TextInput
            label="App name"
            name="name"
            required
            maxLength={CLIENT_NAME_MAX}
            defaultValue={values?.name}
            error={errors.name}
            alwaysShowError
          />
          <Textarea
            label="Redirect addresses"
            name="redirectUris"
            rows={3}
            required
            defaultValue={values?.redirectUris}
            error={errors.redirectUris}
            alwaysShowError
            hint="One per line: where sign-in sends people back. https, or http on localhost while developing."
          />
          <fieldset className="admin__scopes">
            <legend>Scopes</legend>
            {CLIENT_SCOPES.map((scope) => (
              <label className="admin__check" key={scope}>
                <input
                  type="checkbox"
                  name="scopes"
                  value={scope}
                  defaultChecked={(values?.scopes ?? DEFAULT_SCOPES).includes(scope)}
                />
                <span>
                  <code>{scope}</code>: {SCOPE_HINTS[scope]}
                </span>
              </label>
            ))}
            {errors.scopes ? (
              <p className="auth-form__error" role="alert">
                {errors.scopes}
              </p>
            ) : null}
          </fieldset>
          <label className="admin__check">
            <input type="checkbox" name="confidential" defaultChecked={values?.confidential} /> Confidential: the app
            runs on a server and keeps a secret
          </label>
          <label className="admin__check">
            <input type="checkbox" name="requirePkce" defaultChecked={values?.requirePkce ?? true} /> Require PKCE:
            refuse a sign-in request without a code challenge (a public app always needs one)
          </label>
          <Button type="submit" variant="primary" loading={adding}>
            Register the app
          </Button>
        </Form>
      </section>
    </AdminFormPage>
  );
}
