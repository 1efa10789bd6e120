/**
 * The one redirect-with-toast: an action's 303 that carries a toast in the flash cookie the root
 * loader reads once. Extra headers (cookies a service asked for) ride along.
 */
import { redirect } from "@remix-run/cloudflare";
import { isSecureRequest } from "~/platform/http.server";
import { setToastHeader, type Toast } from "~/platform/toast.server";

export type { Toast };

export async function redirectWithToast(
  request: Request,
  to: string,
  toast: Toast | null,
  { headers }: { headers?: HeadersInit } = {},
): Promise<Response> {
  const out = new Headers(headers);
  if (toast) out.append("Set-Cookie", await setToastHeader(toast, isSecureRequest(request)));
  return redirect(to, { status: 303, headers: out });
}
