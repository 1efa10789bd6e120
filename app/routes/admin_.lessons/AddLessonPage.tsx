/** /admin/lessons: add a lesson to a class; the class's owners get a notification. A plain form (works without JavaScript). */
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Button } from "~/ui/Button";
import { Textarea } from "~/ui/Textarea";
import { TextInput } from "~/ui/TextInput";
import type { addLessonPage, LessonFormAnswer } from "./lessons.server";
import { LESSON_TITLE_MAX } from "~/features/admin/lessons";
import { AdminFormPage } from "~/features/admin/components/AdminFormPage";

export function AddLessonPage() {
  const { lessonId } = useLoaderData<Awaited<ReturnType<typeof addLessonPage>>>();
  const answer = useActionData<LessonFormAnswer>();
  const errors = answer?.errors ?? {};
  const values = answer?.values ?? {};
  const sending = useNavigation().state === "submitting";
  return (
    <AdminFormPage
      title="Add a lesson"
      intro="The lesson goes last in the class. Everyone who owns the class is notified."
      formError={errors.form}
    >
      <Form method="post" className="admin__flag" key={lessonId}>
        <input type="hidden" name="lessonId" value={lessonId} />
        <TextInput
          label="Class"
          name="classRef"
          required
          maxLength={300}
          defaultValue={values.classRef}
          error={errors.classRef}
          alwaysShowError
          hint="Its page address (/classes/creator/class) or its id."
        />
        <TextInput
          label="Lesson title"
          name="title"
          required
          maxLength={LESSON_TITLE_MAX}
          defaultValue={values.title}
          error={errors.title}
          alwaysShowError
        />
        <Textarea
          label="Summary (optional)"
          name="summary"
          maxLength={500}
          defaultValue={values.summary}
          error={errors.summary}
          alwaysShowError
        />
        <TextInput
          label="Length in minutes"
          name="durationMinutes"
          type="number"
          inputMode="numeric"
          min={1}
          max={600}
          step={1}
          required
          defaultValue={values.durationMinutes}
          error={errors.durationMinutes}
          alwaysShowError
        />
        <TextInput
          label="Video link (optional)"
          name="videoUrl"
          type="url"
          maxLength={500}
          defaultValue={values.videoUrl}
          error={errors.videoUrl}
          alwaysShowError
          hint="An https address or a /media/ path."
        />
        <Button type="submit" variant="primary" loading={sending}>
          Add lesson
        </Button>
      </Form>
    </AdminFormPage>
  );
}
