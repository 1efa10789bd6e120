import { forwardRef, type InputHTMLAttributes, type ReactNode } from "react";
import { FieldMessage } from "./FieldMessage";
import { useField } from "./useField";

export { shouldShowError } from "./fieldError";

export type TextInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "size" | "autoFocus"> & {
  label: string;
  name: string;
  type?: "text" | "email" | "password" | "url" | "search" | "tel" | "number";
  /** 'muted' greys the typed text (read-mostly or secondary values). */
  textType?: "default" | "muted";
  /** The server's (or the client's) message; shown under the field by the error rule in fieldError.ts. */
  error?: string | null;
  /** Error styling without a message (e.g. when a message elsewhere covers several fields). */
  errorOutline?: boolean;
  /** The variant that shows the error whenever a message is present, even while the field has text. */
  alwaysShowError?: boolean;
  /** Helper text under the field, linked by aria-describedby. */
  hint?: ReactNode;
  /** Focuses the field 300 ms after it mounts (spec); an effect, so never on the server. */
  autoFocus?: boolean;
  /** Something drawn inside the field's right edge, e.g. PasswordInput's show/hide toggle. */
  trailing?: ReactNode;
  /** Hides the label visually (it stays the accessible name); use only when context makes it obvious. */
  hideLabel?: boolean;
};

export const TextInput = forwardRef<HTMLInputElement, TextInputProps>(function TextInput(
  {
    label,
    id,
    type = "text",
    textType = "default",
    error,
    errorOutline,
    alwaysShowError,
    hint,
    autoFocus,
    trailing,
    hideLabel,
    className,
    value,
    defaultValue,
    onChange,
    ...rest
  },
  forwardedRef,
) {
  const {
    ref,
    fieldId: inputId,
    errorId,
    hintId,
    setTypedLength,
    showError,
    showMessage,
  } = useField<HTMLInputElement>(
    { id, value, defaultValue, autoFocus, error, errorOutline, alwaysShowError },
    forwardedRef,
  );

  const describedBy = [hint ? hintId : null, showMessage ? errorId : null, rest["aria-describedby"]]
    .filter(Boolean)
    .join(" ");

  return (
    <div className={["field", showError && "field--error", className].filter(Boolean).join(" ")}>
      <label htmlFor={inputId} className={hideLabel ? "field__label visually-hidden" : "field__label"}>
        {label}
      </label>
      <div className="field__control">
        <input
          {...rest}
          ref={ref}
          id={inputId}
          type={type}
          value={value}
          defaultValue={defaultValue}
          onChange={(event) => {
            setTypedLength(event.currentTarget.value.length);
            onChange?.(event);
          }}
          className={["input", textType === "muted" && "input--muted", trailing && "input--with-trailing"]
            .filter(Boolean)
            .join(" ")}
          aria-invalid={showError || undefined}
          aria-describedby={describedBy || undefined}
        />
        {trailing ? <div className="field__trailing">{trailing}</div> : null}
      </div>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <FieldMessage id={errorId} show={showMessage} error={error} />
    </div>
  );
});
