import { useId, type ChangeEvent, type ReactNode } from "react";

export type RadioOptionProps = {
  name: string;
  value: string;
  label: ReactNode;
  description?: ReactNode;
  /** Controlled: pass `checked` + `onChange`. Uncontrolled: pass `defaultChecked`. */
  checked?: boolean;
  defaultChecked?: boolean;
  disabled?: boolean;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  id?: string;
};

/**
 * One choice: a real radio input (so it works in a plain form and with the arrow keys) inside a
 * card-like label. The selected styling comes from CSS `:has(:checked)`, so it follows the input even
 * without JavaScript.
 */
export function RadioOption({
  name,
  value,
  label,
  description,
  checked,
  defaultChecked,
  disabled,
  onChange,
  id,
}: RadioOptionProps) {
  const autoId = useId();
  const inputId = id ?? `radio${autoId.replace(/:/g, "")}`;
  const descriptionId = `${inputId}-description`;
  return (
    <label className="radio-option" htmlFor={inputId}>
      <input
        className="radio-option__input"
        type="radio"
        id={inputId}
        name={name}
        value={value}
        checked={checked}
        defaultChecked={defaultChecked}
        disabled={disabled}
        onChange={onChange}
        aria-describedby={description ? descriptionId : undefined}
      />
      <span className="radio-option__text">
        <span className="radio-option__label">{label}</span>
        {description ? (
          <span className="radio-option__description" id={descriptionId}>
            {description}
          </span>
        ) : null}
      </span>
    </label>
  );
}

export type RadioGroupProps = {
  legend: ReactNode;
  name: string;
  options: { value: string; label: ReactNode; description?: ReactNode; disabled?: boolean }[];
  /** Uncontrolled initial choice (server-rendered as `checked`). */
  defaultValue?: string;
  /** Controlled choice; pair with onChange. */
  value?: string;
  onChange?: (value: string) => void;
  /** Hides the legend visually while keeping it as the group's name. */
  hideLegend?: boolean;
  className?: string;
};

/** A fieldset + legend so screen readers announce the question with each option. */
export function RadioGroup({
  legend,
  name,
  options,
  defaultValue,
  value,
  onChange,
  hideLegend,
  className,
}: RadioGroupProps) {
  return (
    <fieldset className={["radio-group", className].filter(Boolean).join(" ")}>
      <legend className={hideLegend ? "visually-hidden" : "radio-group__legend"}>{legend}</legend>
      <div className="radio-group__options">
        {options.map((option) => (
          <RadioOption
            key={option.value}
            name={name}
            value={option.value}
            label={option.label}
            description={option.description}
            disabled={option.disabled}
            checked={value !== undefined ? value === option.value : undefined}
            defaultChecked={value === undefined ? defaultValue === option.value : undefined}
            onChange={onChange ? (event) => event.currentTarget.checked && onChange(option.value) : undefined}
          />
        ))}
      </div>
    </fieldset>
  );
}
