/**
 * Attribution in the browser (spec 9): with JavaScript the record the server holds is mirrored to
 * local storage as 'attribution_{id}' (id: the anonymous id, or the user id once signed in), and
 * entries older than 30 days are purged. The server's cookie stays the source of truth, so a record
 * the server cleared (after a purchase) or purged disappears here too.
 */
import { attributionStorageKey, isExpired, purgeableKeys, type Attribution } from "./rules";

type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem" | "key" | "length">;

export function syncAttribution(storage: KeyValueStorage, id: string | null, record: Attribution | null, now: number) {
  const entries: [string, string | null][] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key) entries.push([key, storage.getItem(key)]);
  }
  for (const key of purgeableKeys(entries, now)) storage.removeItem(key);
  if (!id) return;
  const key = attributionStorageKey(id);
  if (record && !isExpired(record, now)) storage.setItem(key, JSON.stringify(record));
  else storage.removeItem(key);
}
