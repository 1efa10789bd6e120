import { useId, useImperativeHandle, useRef, useState, type ForwardedRef } from "react";
import { shouldShowError, type ErrorVisibilityInput } from "./fieldError";
import { useAutoFocus } from "./useAutoFocus";

/**
 * What TextInput and Textarea share: ids for the label, hint and error; the forwarded ref; the
 * 300 ms auto-focus; and the typed length that drives the spec's error rule. The first render uses
 * the value the server rendered with, so server HTML and the hydrated page agree.
 */
export function useField<E extends HTMLInputElement | HTMLTextAreaElement>(
  props: { id?: string; value?: unknown; defaultValue?: unknown; autoFocus?: boolean } & Omit<
    ErrorVisibilityInput,
    "length"
  >,
  forwardedRef: ForwardedRef<E>,
) {
  const autoId = useId();
  const fieldId = props.id ?? `field${autoId.replace(/:/g, "")}`;
  const ref = useRef<E>(null);
  useImperativeHandle(forwardedRef, () => ref.current as E);
  useAutoFocus(ref, props.autoFocus);
  const [typedLength, setTypedLength] = useState(() => String(props.value ?? props.defaultValue ?? "").length);
  const length = props.value !== undefined ? String(props.value).length : typedLength;
  const showError = shouldShowError({
    length,
    error: props.error,
    errorOutline: props.errorOutline,
    alwaysShowError: props.alwaysShowError,
  });
  return {
    ref,
    fieldId,
    errorId: `${fieldId}-error`,
    hintId: `${fieldId}-hint`,
    length,
    setTypedLength,
    showError,
    showMessage: showError && Boolean(props.error),
  };
}
