import { createCookie } from "@remix-run/cloudflare";
import { z } from "zod";

/** Toasts survive a redirect in a short-lived flash cookie: set by an action, read once by the root loader. */
const toastCookie = createCookie("studio_toast", { path: "/", httpOnly: true, sameSite: "lax", maxAge: 60 });

export const toastSchema = z.object({
  kind: z.enum(["info", "success", "error"]).default("info"),
  title: z.string().max(200),
  description: z.string().max(500).optional(),
});
export type Toast = z.infer<typeof toastSchema>;

export async function setToastHeader(toast: Toast, secure: boolean) {
  return toastCookie.serialize(toast, { secure });
}

/** Reads the toast and returns the header that clears it, so it shows once. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; clear: string | null }> {
  const raw = await toastCookie.parse(request.headers.get("Cookie"));
  if (!raw) return { toast: null, clear: null };
  const parsed = toastSchema.safeParse(raw);
  return { toast: parsed.success ? parsed.data : null, clear: await toastCookie.serialize("", { maxAge: 0 }) };
}
