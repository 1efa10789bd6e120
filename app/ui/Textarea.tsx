import { forwardRef, type ReactNode, type TextareaHTMLAttributes } from "react";
import { FieldMessage } from "./FieldMessage";
import { useField } from "./useField";

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
  const { ref, fieldId, errorId, hintId, length, setTypedLength, showError, showMessage } =
    useField<HTMLTextAreaElement>(
      { id, value, defaultValue, autoFocus, error, errorOutline, alwaysShowError },
      forwardedRef,
    );
  const countId = `${fieldId}-count`;

  const describedBy = [
    hint ? hintId : null,
    limit ? countId : null,
    showMessage ? errorId : null,
    rest["aria-describedby"],
  ]
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
      <FieldMessage id={errorId} show={showMessage} error={error} />
    </div>
  );
});
