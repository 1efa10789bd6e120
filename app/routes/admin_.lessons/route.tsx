import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { AddLessonPage } from "./AddLessonPage";
import { addLessonAction, addLessonPage } from "./lessons.server";

/** /admin/lessons: admins add a lesson to a class; its owners are notified (checked on the server). */
export const loader = ({ request, context }: LoaderFunctionArgs) => addLessonPage(context.app, request);
export const action = ({ request, context }: ActionFunctionArgs) => addLessonAction(context.app, request);
export const meta: MetaFunction = () => [{ title: "Add a lesson · Admin" }, { name: "robots", content: "noindex" }];
export default AddLessonPage;
