/** Whether the service can do its work: the database answers. GET /api/up and the sign-up sequence ask. */
import type { AppContext } from "./context";

export async function serverUp(app: AppContext): Promise<boolean> {
  try {
    return (await app.bindings.DB.prepare("SELECT 1 AS ok").first<{ ok: number }>())?.ok === 1;
  } catch {
    return false;
  }
}
