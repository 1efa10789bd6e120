/**
 * Conform's parse on the server, with the fields no form of ours can have taken out first. Conform
 * builds lists from numbered names, and its reply echoes them back: one field named
 * `faq[100000000].question` would become a list of a hundred million entries, serialised into the
 * page, and run the worker out of memory. No form we render has a list past MAX_FORM_INDEX.
 */
import { parseWithZod } from "@conform-to/zod";

export const MAX_FORM_INDEX = 100;

const INDEX = /\[(\d+)\]/g;

/** Whether a field name holds a list index beyond what any of our forms renders. */
export function hasOversizedIndex(name: string): boolean {
  for (const match of name.matchAll(INDEX)) if (Number(match[1]) > MAX_FORM_INDEX) return true;
  return false;
}

/** The form without fields whose numbered names no form of ours has (the same object when there are none). */
export function withoutOversizedLists<T extends FormData | URLSearchParams>(form: T): T {
  const names = new Set(form.keys());
  const dropped = [...names].filter(hasOversizedIndex);
  if (dropped.length === 0) return form;
  const kept = (form instanceof FormData ? new FormData() : new URLSearchParams()) as T;
  for (const [name, value] of form.entries()) if (!dropped.includes(name)) (kept as FormData).append(name, value);
  return kept;
}

/** parseWithZod for actions: the same options and answer, on the form with oversized lists taken out. */
export const parseForm = ((form: FormData | URLSearchParams, options: Parameters<typeof parseWithZod>[1]) =>
  parseWithZod(withoutOversizedLists(form), options)) as typeof parseWithZod;

/**
 * The first message for each field of a refused submission, as our forms show them: one line under
 * each field. A form-level error (conform names it "") is keyed "form". `fieldOf` names the field a
 * message belongs to, for forms whose names differ from their fields (list items, hidden keys).
 */
export function firstErrors<K extends string>(
  error: Record<string, string[] | null> | null | undefined,
  fieldOf: (name: string) => K = (name) => (name || "form") as K,
): Partial<Record<K, string>> {
  const errors: Partial<Record<K, string>> = {};
  for (const [name, messages] of Object.entries(error ?? {})) if (messages?.[0]) errors[fieldOf(name)] ??= messages[0];
  return errors;
}
