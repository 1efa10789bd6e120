/** /admin/announcements: announce something to everyone (the red dot on every bell). A plain form (works without JavaScript). */
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ANNOUNCEMENT_BODY_MAX, ANNOUNCEMENT_TITLE_MAX } from "~/features/notifications/schema";
import { Button } from "~/ui/Button";
import { Textarea } from "~/ui/Textarea";
import { TextInput } from "~/ui/TextInput";
import type { AnnouncementFormAnswer, announcementPage } from "./announcements.server";
import { AdminFormPage } from "~/features/admin/components/AdminFormPage";

export function AnnouncementPage() {
  const { idempotencyKey } = useLoaderData<Awaited<ReturnType<typeof announcementPage>>>();
  const answer = useActionData<AnnouncementFormAnswer>();
  const errors = answer?.errors ?? {};
  const values = answer?.values ?? {};
  const sending = useNavigation().state === "submitting";
  return (
    <AdminFormPage
      title="Announce to everyone"
      intro="Every user sees it in their notifications, and the bell turns red until they read it. Users online see it at once."
      formError={errors.form}
    >
      <Form method="post" className="admin__flag" key={idempotencyKey}>
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <TextInput
          label="Title"
          name="title"
          required
          maxLength={ANNOUNCEMENT_TITLE_MAX}
          defaultValue={values.title}
          error={errors.title}
          alwaysShowError
        />
        <Textarea
          label="Message (optional)"
          name="body"
          rows={4}
          limit={ANNOUNCEMENT_BODY_MAX}
          defaultValue={values.body}
          error={errors.body}
          alwaysShowError
        />
        <TextInput
          label="Link (optional)"
          name="link"
          maxLength={500}
          defaultValue={values.link}
          error={errors.link}
          alwaysShowError
          hint="A path on this site (/classes) or an https address."
        />
        <Button type="submit" variant="primary" loading={sending}>
          Send announcement
        </Button>
      </Form>
    </AdminFormPage>
  );
}
