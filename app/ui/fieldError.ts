/**
 * The spec's error-styling rule for text fields, kept pure so the server and the browser decide the
 * same way (the server renders with the submitted value, the browser re-decides on every keystroke).
 *
 * - Default fields: the red label, red outline and the message beneath show ONLY while the field is
 *   empty (typed length 0) and there is an error message or an `errorOutline` flag. Typing hides them.
 * - `alwaysShowError` fields: switch to "error" whenever an error message is present, whatever the length.
 */
export type ErrorVisibilityInput = {
  length: number;
  error?: string | null;
  errorOutline?: boolean;
  alwaysShowError?: boolean;
};

export function shouldShowError({ length, error, errorOutline, alwaysShowError }: ErrorVisibilityInput): boolean {
  const hasMessage = typeof error === "string" && error.trim().length > 0;
  if (alwaysShowError) return hasMessage || (length === 0 && Boolean(errorOutline));
  return length === 0 && (hasMessage || Boolean(errorOutline));
}
