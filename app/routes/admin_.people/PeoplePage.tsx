/** /admin/people: add a person, who gets a temporary password by email; and who has yet to choose their own. A plain form (works without JavaScript). */
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminFormPage } from "~/features/admin/components/AdminFormPage";
import { NAME_MAX } from "~/features/identity/rules";
import { Button } from "~/ui/Button";
import { TextInput } from "~/ui/TextInput";
import type { AddPersonAnswer, peoplePage } from "./people.server";

const DAY_MS = 24 * 60 * 60_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function PeoplePage() {
  const { waiting, days, formKey } = useLoaderData<Awaited<ReturnType<typeof peoplePage>>>();
  const answer = useActionData<AddPersonAnswer>();
  const errors = answer?.errors ?? {};
  const values = answer?.values ?? {};
  const adding = useNavigation().state === "submitting";
  return (
    <AdminFormPage
      title="Add a person"
      intro={`They get an email with a temporary password that works for ${days} days. At their first log-in they choose their own.`}
      formError={errors.form}
    >
      <Form method="post" className="admin__flag" key={formKey}>
        <TextInput
          label="Email"
          name="email"
          type="email"
          autoComplete="off"
          required
          defaultValue={values.email}
          error={errors.email}
          alwaysShowError
        />
        <TextInput
          label="First name"
          name="firstName"
          required
          maxLength={NAME_MAX}
          defaultValue={values.firstName}
          error={errors.firstName}
          alwaysShowError
        />
        <TextInput
          label="Last name"
          name="lastName"
          required
          maxLength={NAME_MAX}
          defaultValue={values.lastName}
          error={errors.lastName}
          alwaysShowError
        />
        <Button type="submit" variant="primary" loading={adding}>
          Add and email them
        </Button>
      </Form>
      <section aria-labelledby="people-waiting" className="admin__section">
        <h2 id="people-waiting">Waiting to choose a password</h2>
        {waiting.length === 0 ? (
          <p className="admin__empty">Everyone you added has chosen their own password.</p>
        ) : (
          <table className="admin__table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Added</th>
                <th scope="col">Temporary password</th>
              </tr>
            </thead>
            <tbody>
              {waiting.map((person) => (
                <tr key={person.id}>
                  <td>
                    {person.firstName} {person.lastName}
                  </td>
                  <td>{person.email}</td>
                  <td>{day(person.addedAt)}</td>
                  <td>
                    {person.expired
                      ? "Expired: they can reset it with “Forgot password”"
                      : `Works until ${day(person.addedAt + days * DAY_MS)}`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </AdminFormPage>
  );
}
