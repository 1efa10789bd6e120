/** /admin: find users and switch their flags; edit feature flags. Plain forms (work without JavaScript). */
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { BtsFeedbackSection } from "~/features/bts/components/AdminFeedback";
import { Button } from "~/ui/Button";
import { Textarea } from "~/ui/Textarea";
import { TextInput } from "~/ui/TextInput";
import type { adminPage } from "./admin.server";

type PageData = Awaited<ReturnType<typeof adminPage>>;
type UserResult = PageData["users"][number];
type Answer = { intent: string; key?: string; error: string };

function Toggle({
  user,
  flag,
  label,
  on,
  q,
}: {
  user: UserResult;
  flag: string;
  label: string;
  on: boolean;
  q: string;
}) {
  return (
    <Form method="post" className="admin__toggle">
      <input type="hidden" name="intent" value="user-flag" />
      <input type="hidden" name="userId" value={user.id} />
      <input type="hidden" name="flag" value={flag} />
      <input type="hidden" name="value" value={on ? "off" : "on"} />
      <input type="hidden" name="q" value={q} />
      <button
        type="submit"
        className={`admin__chip${on ? " admin__chip--on" : ""}`}
        aria-pressed={on}
        aria-label={`${label} for ${user.email}: ${on ? "on" : "off"}`}
      >
        {label}
      </button>
    </Form>
  );
}

function FlagForm({ flag, answer, q }: { flag?: PageData["flags"][number]; answer?: Answer; q: string }) {
  const isNew = !flag;
  const error = answer?.intent === "flag" && (isNew || answer.key === flag.key) ? answer.error : undefined;
  return (
    <Form method="post" className="admin__flag">
      <input type="hidden" name="intent" value="flag" />
      <input type="hidden" name="q" value={q} />
      {isNew ? (
        <TextInput label="New flag key" name="key" maxLength={128} />
      ) : (
        <input type="hidden" name="key" value={flag.key} />
      )}
      {!isNew ? <h3>{flag.key}</h3> : null}
      <label className="admin__check">
        <input type="checkbox" name="enabled" defaultChecked={flag?.enabled} /> Enabled
      </label>
      {error ? (
        <p className="auth-form__error" role="alert">
          {error}
        </p>
      ) : null}
      <Textarea
        label={`Payload (JSON)${isNew ? "" : ` for ${flag.key}`}`}
        name="payload"
        defaultValue={flag?.payload ?? ""}
        rows={flag?.payload ? 6 : 3}
        className="admin__payload"
      />
      <Button type="submit" variant="secondary" size="small">
        {isNew ? "Add flag" : "Save"}
      </Button>
    </Form>
  );
}

export function AdminPage() {
  const { q, users, flags, limit, bts } = useLoaderData<PageData>();
  const answer = useActionData<Answer>();
  const searching = useNavigation().state === "loading";
  return (
    <div className="container admin">
      <h1>Admin</h1>
      <nav aria-label="Admin tools" className="admin__tools">
        <Link to="/admin/lessons">Add a lesson</Link>
        <Link to="/admin/announcements">Announce to everyone</Link>
        <Link to="/admin/people">Add a person</Link>
        <Link to="/admin/clients">App clients</Link>
        <Link to="/admin/experiments">Experiments</Link>
      </nav>
      <p className="admin__empty">
        <Link to="/admin/analytics">Analytics</Link>: page views, sign-ups, cart adds, checkouts and revenue per day,
        the funnel and the top sources.
      </p>
      <section aria-labelledby="admin-users" className="admin__section">
        <h2 id="admin-users">Users</h2>
        <Form method="get" className="admin__search" role="search">
          <TextInput label="Find users by email, name or id" name="q" type="search" defaultValue={q} />
          <Button type="submit" variant="primary" loading={searching}>
            Search
          </Button>
        </Form>
        {answer?.intent === "user-flag" ? (
          <p className="auth-form__error" role="alert">
            {answer.error}
          </p>
        ) : null}
        {users.length === 0 ? (
          <p className="admin__empty">{q ? `No users match “${q}”.` : "No users yet."}</p>
        ) : (
          <table className="admin__table">
            <caption className="visually-hidden">Users{q ? ` matching ${q}` : ""}</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Signed up</th>
                <th scope="col">Flags</th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => (
                <tr key={user.id}>
                  <td>
                    {user.name}
                    {user.isAdmin ? <span className="account__badge">Admin</span> : null}
                  </td>
                  <td>{user.email}</td>
                  <td>{new Date(user.signUpDate).toISOString().slice(0, 10)}</td>
                  <td className="admin__flags">
                    <Toggle user={user} flag="isStudioVip" label="VIP" on={user.isStudioVip} q={q} />
                    <Toggle user={user} flag="isCreator" label="Creator" on={user.isCreator} q={q} />
                    {user.isCreator ? (
                      <Toggle
                        user={user}
                        flag="hasNewDashboardAccess"
                        label="New dashboard"
                        on={user.hasNewDashboardAccess}
                        q={q}
                      />
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {users.length === limit ? (
          <p className="admin__empty">Showing the first {limit}; narrow the search to see others.</p>
        ) : null}
      </section>
      <section aria-labelledby="admin-flags" className="admin__section">
        <h2 id="admin-flags">Feature flags</h2>
        <p className="admin__empty">
          Changes show on the site at once. The payloads of the home banner (homepage-yellow-banner-text) and of the
          home hero (homepage-hero: title, description, titleB and descriptionB for the home-hero experiment&apos;s B
          variant, descriptionAfterCountdown, countdownEndDate, yellowBannerLinkUrl) are checked before they are saved.
        </p>
        {flags.map((flag) => (
          <FlagForm key={flag.key} flag={flag} answer={answer} q={q} />
        ))}
        <FlagForm answer={answer?.key && !flags.some((f) => f.key === answer.key) ? answer : undefined} q={q} />
      </section>
      <BtsFeedbackSection videos={bts} />
    </div>
  );
}
