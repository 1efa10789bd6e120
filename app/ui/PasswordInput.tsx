import { forwardRef, useEffect, useState } from "react";
import { TextInput, type TextInputProps } from "./TextInput";

export type PasswordInputProps = Omit<TextInputProps, "type" | "trailing">;

/**
 * A TextInput with a show/hide toggle. The toggle needs JavaScript, so it only appears after
 * hydration: without JavaScript the field is a plain password input with no dead button.
 */
export const PasswordInput = forwardRef<HTMLInputElement, PasswordInputProps>(function PasswordInput(
  { autoComplete = "current-password", ...props },
  ref,
) {
  const [hydrated, setHydrated] = useState(false);
  const [visible, setVisible] = useState(false);
  useEffect(() => setHydrated(true), []);

  return (
    <TextInput
      {...props}
      ref={ref}
      type={visible ? "text" : "password"}
      autoComplete={autoComplete}
      // Browsers must not capitalise or "correct" a password shown as text.
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      trailing={
        hydrated ? (
          <button
            type="button"
            className="field__toggle"
            // The name says what a press does, so the button carries no pressed state as well: a toggle
            // whose name changes with its state would be read as "Hide password, pressed".
            aria-label={visible ? "Hide password" : "Show password"}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? "Hide" : "Show"}
          </button>
        ) : null
      }
    />
  );
});
