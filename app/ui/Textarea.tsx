import { forwardRef, useId, useImperativeHandle, useRef, useState, type ReactNode, type TextareaHTMLAttributes } from "react";
import { shouldShowError } from "./fieldError";
import { Linkify } from "./linkify";
import { useAutoFocus } from "./useAutoFocus";

export type TextareaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "autoFocus"> & {
  label: string;
  name: string;
  error?: string | null;
  errorOutline?: boolean;
  alwaysShowError?: boolean;
  /** Shows "{count}/{limit}" under the field and caps the length there. */
  limit?: number;
  hint?: ReactNode;
  autoFocus?: boolean;
  textType?: "default" | "muted";
};

/** A multi-line field with the same label and error rule as TextInput (see fieldError.ts). */
export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea(
  {
    label,
    id,
    rows = 3,
    error,
    errorOutline,
    alwaysShowError,
    limit,
    hint,
    autoFocus,
    textType = "default",
    className,
    value,
    defaultValue,
    onChange,
    ...rest
  },
  forwardedRef,
) {
  const autoId = useId();
  const fieldId = id ?? `field${autoId.replace(/:/g, "")}`;
  const errorId = `${fieldId}-error`;
  const hintId = `${fieldId}-hint`;
  const countId = `${fieldId}-count`;

  const ref = useRef<HTMLTextAreaElement>(null);
  useImperativeHandle(forwardedRef, () => ref.current as HTMLTextAreaElement);
  useAutoFocus(ref, autoFocus);

  // Server renders the initial count from the value; the browser keeps it live as the user types.
  const [typedLength, setTypedLength] = useState(() => String(value ?? defaultValue ?? "").length);
  const length = value !== undefined ? String(value).length : typedLength;
  const showError = shouldShowError({ length, error, errorOutline, alwaysShowError });
  const showMessage = showError && Boolean(error);

  const describedBy = [hint ? hintId : null, limit ? countId : null, showMessage ? errorId : null, rest["aria-describedby"]]
    .filter(Boolean)
    .join(" ");

  return (
    <div className={["field", showError && "field--error", className].filter(Boolean).join(" ")}>
      <label htmlFor={fieldId} className="field__label">
        {label}
      </label>
      <textarea
        {...rest}
        ref={ref}
        id={fieldId}
        rows={rows}
        maxLength={limit ?? rest.maxLength}
        value={value}
        defaultValue={defaultValue}
        onChange={(event) => {
          setTypedLength(event.currentTarget.value.length);
          onChange?.(event);
        }}
        className={textType === "muted" ? "input textarea input--muted" : "input textarea"}
        aria-invalid={showError || undefined}
        aria-describedby={describedBy || undefined}
      />
      {hint || limit ? (
        <div className="field__meta">
          {hint ? (
            <p id={hintId} className="field__hint">
              {hint}
            </p>
          ) : (
            <span />
          )}
          {limit ? (
            // Not a live region: announcing every keystroke is noise; it is read with the field instead.
            <p id={countId} className="field__count">
              <span aria-hidden="true">
                {length}/{limit}
              </span>
              <span className="visually-hidden">
                {length} of {limit} characters used
              </span>
            </p>
          ) : null}
        </div>
      ) : null}
      {showMessage ? (
        <p id={errorId} className="field__error" role="alert">
          <Linkify text={error as string} />
        </p>
      ) : null}
    </div>
  );
});
