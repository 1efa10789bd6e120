/** /admin/lessons over HTTP: admins add a lesson to a class; its owners are notified (checked on the server). */
import { data } from "@remix-run/cloudflare";
import { lessonSchema, parseClassReference, type LessonInput } from "~/features/admin/lessons";
import { addLesson, findClass, type AddedLesson } from "~/features/admin/lessons.server";
import { requireAdmin } from "~/http/admin.server";
import { redirectWithToast } from "~/http/toast.server";
import type { AppContext } from "~/platform/context";
import { UUID_PATTERN } from "~/platform/format";
import { firstErrors, parseForm } from "~/platform/form.server";
import { formDataOf } from "~/platform/http.server";

export type LessonFormAnswer = {
  errors: Partial<Record<keyof LessonInput | "form", string>>;
  values: Record<string, string>;
};

export async function addLessonPage(app: AppContext, request: Request) {
  await requireAdmin(app, request);
  return { lessonId: crypto.randomUUID() };
}

export async function addLessonAction(app: AppContext, request: Request) {
  await requireAdmin(app, request);
  const form = (await formDataOf(request)) ?? new FormData();
  const values = Object.fromEntries([...form].filter((e): e is [string, string] => typeof e[1] === "string"));
  const rawId = form.get("lessonId");
  const lessonId = typeof rawId === "string" && UUID_PATTERN.test(rawId) ? rawId.toLowerCase() : null;
  if (!lessonId)
    return data<LessonFormAnswer>({ errors: { form: "Reload the page and try again." }, values }, { status: 400 });
  const submission = parseForm(form, { schema: lessonSchema });
  if (submission.status !== "success") {
    const errors = firstErrors(submission.error, (name) => name as keyof LessonInput);
    return data<LessonFormAnswer>({ errors, values }, { status: 400 });
  }
  const input = submission.value;
  const klass = await findClass(app, parseClassReference(input.classRef)!);
  if (!klass)
    return data<LessonFormAnswer>(
      { errors: { classRef: `No class matches “${input.classRef}”.` }, values },
      { status: 404 },
    );
  let added: AddedLesson;
  try {
    added = await addLesson(app, lessonId, klass.id, input, klass);
  } catch (error) {
    // Two lessons taking the same position at once: the admin can simply send the form again.
    if (!String(error).includes("lessons.product_id")) throw error;
    return data<LessonFormAnswer>(
      { errors: { form: "Another lesson was added to this class at the same moment. Try again." }, values },
      { status: 409 },
    );
  }
  const owners = added.notified === 1 ? "1 owner" : `${added.notified} owners`;
  const title =
    added.status === "added"
      ? `Lesson added to ${added.classTitle}; ${owners} notified.`
      : `That lesson was already added to ${added.classTitle}.`;
  return redirectWithToast(request, "/admin/lessons", { kind: "success", title });
}
