/**
 * The isolate's small memories (the KV cache's memory, the fragment memo) keep their most recently used
 * entries: a Map keeps insertion order, so an entry set again goes last and the first is the least
 * recently used, the one to drop. Pure.
 */
export function setMostRecent<K, V>(map: Map<K, V>, key: K, value: V, limit: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > limit) map.delete(map.keys().next().value as K);
}
