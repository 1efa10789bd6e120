/**
 * D1 read replication through the Sessions API (issue 17 goal 7). Every request reads and writes
 * through one D1 session:
 * - a read (GET, HEAD) with nothing of its own to see runs unconstrained: any replica answers;
 * - a write (any other method) starts at the primary, and its answer gives the browser the session's
 *   bookmark in a short-lived cookie;
 * - a read that carries that bookmark is answered by a replica at least as new as the write, so a
 *   person always reads their own writes (and, on a replica that is behind, waits for it).
 * With replication off (and locally) every session is the primary: the same code, no lag.
 * A read's queries also wait for each other, a turn of the event loop, and go as one batch.
 */
import { parse as parseCookie } from "cookie";
import { batchedReads } from "~/platform/d1-reads.server";
import type { Bindings } from "~/platform/env";
import { isSecureRequest } from "~/platform/http.server";

/** The bookmark of the browser's last write. Minutes are plenty: replicas lag by seconds. */
export const BOOKMARK_COOKIE = "studio_d1";
const BOOKMARK_SECONDS = 300;
/** A bookmark as D1 writes them (hex groups joined by dashes); anything else is ignored. */
const BOOKMARK = /^[0-9a-f]{1,40}(-[0-9a-f]{1,40}){1,8}$/;

export interface D1Session {
  /** The bindings with DB reading and writing through this request's session. */
  bindings: Bindings;
  /** The Set-Cookie for the bookmark after a write (none after a read, or where sessions are missing). */
  bookmarkCookies(): string[];
}

export function d1SessionFor(bindings: Bindings, request: Request, { cookies = true } = {}): D1Session {
  const db = bindings.DB as D1Database & { withSession?: D1Database["withSession"] };
  const writes = !["GET", "HEAD", "OPTIONS"].includes(request.method);
  // A read's loaders send their queries together, as one round trip (platform/d1-reads.server.ts).
  const reading = <T extends Pick<D1Database, "prepare" | "batch">>(d1: T) => (writes ? d1 : batchedReads(d1));
  if (typeof db.withSession !== "function")
    return { bindings: { ...bindings, DB: reading(db) }, bookmarkCookies: () => [] };
  const kept = parseCookie(request.headers.get("Cookie") ?? "")[BOOKMARK_COOKIE];
  const bookmark = kept && BOOKMARK.test(kept) ? kept : null;
  const session = db.withSession(writes ? "first-primary" : (bookmark ?? "first-unconstrained"));
  return {
    // A session answers prepare and batch like the database itself, which is all the product calls.
    bindings: { ...bindings, DB: reading(session) as unknown as D1Database },
    bookmarkCookies() {
      const latest = writes && cookies ? session.getBookmark() : null;
      if (!latest) return [];
      const secure = isSecureRequest(request) ? "; Secure" : "";
      return [`${BOOKMARK_COOKIE}=${latest}; Max-Age=${BOOKMARK_SECONDS}; Path=/; SameSite=Lax; HttpOnly${secure}`];
    },
  };
}
