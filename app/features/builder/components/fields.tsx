import { createContext, useContext, useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useFetcher, useLocation } from "~/ui/router";
import { TextInput, type TextInputProps } from "~/ui/TextInput";
import { Textarea, type TextareaProps } from "~/ui/Textarea";
import { AUTOSAVE_DELAY_MS, fieldLabel, type BuilderActionData } from "../rules";

/** The id of the field named `name` (error summary links point at it). */
export const fid = (name: string) => `f-${name.replace(/[^A-Za-z0-9_]+/g, "-")}`;

export type Errors = Record<string, string>;

export function Field({ name, errors, ...rest }: Omit<TextInputProps, "id" | "error"> & { errors: Errors }) {
  return <TextInput id={fid(name)} name={name} error={errors[name]} alwaysShowError {...rest} />;
}

export function Area({ name, errors, ...rest }: Omit<TextareaProps, "id" | "error"> & { errors: Errors }) {
  return <Textarea id={fid(name)} name={name} error={errors[name]} alwaysShowError {...rest} />;
}

/** A select with a label and the field's error under it. */
export function Select({
  name,
  label,
  errors,
  defaultValue,
  options,
  hint,
}: {
  name: string;
  label: string;
  errors: Errors;
  defaultValue?: string;
  options: { value: string; label: string }[];
  hint?: string;
}) {
  const id = fid(name);
  const error = errors[name];
  return (
    <div className={["field", error && "field--error"].filter(Boolean).join(" ")}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        className="input builder-select"
        aria-invalid={error ? true : undefined}
        aria-describedby={
          [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined
        }
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Every problem of a failed save, each a link to its field (read first by screen readers). */
export function ErrorSummary({ errors, formError }: { errors: Errors; formError?: string }) {
  const entries = Object.entries(errors);
  if (entries.length === 0 && !formError) return null;
  return (
    <div className="builder-errors" role="alert" aria-labelledby="builder-errors-title" tabIndex={-1}>
      <h2 id="builder-errors-title" className="builder-errors__title">
        Not saved: please fix {entries.length === 1 ? "this problem" : "these problems"}
      </h2>
      <ul>
        {formError ? <li>{formError}</li> : null}
        {entries.map(([name, message]) => (
          <li key={name}>
            <a href={`#${fid(name)}`}>
              {fieldLabel(name)}: {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The button props of conform's list intents (a form's `reorder` and `remove`, from useForm). */
type ButtonProps = { name: string; value: string; form: string; formNoValidate: boolean };
export interface ListControls {
  reorder: { getButtonProps(payload: { name: string; from: number; to: number }): ButtonProps };
  remove: { getButtonProps(payload: { name: string; index: number }): ButtonProps };
}

/**
 * Move up / Move down / Remove for item `index` of the list field `list` (conform's reorder and
 * remove intents on submit buttons: the server makes the change and saves, so they work without
 * JavaScript).
 */
export function ItemButtons({
  form,
  list,
  index,
  count,
  noun,
  removable = true,
}: {
  form: ListControls;
  list: string;
  index: number;
  count: number;
  noun: string;
  removable?: boolean;
}) {
  const label = `${noun} ${index + 1}`;
  return (
    <div className="builder-item__buttons">
      <button
        type="submit"
        {...form.reorder.getButtonProps({ name: list, from: index, to: index - 1 })}
        className="btn btn--transparent btn--small"
        disabled={index === 0}
        aria-label={`Move ${label} up`}
      >
        <span className="btn__label">Move up</span>
      </button>
      <button
        type="submit"
        {...form.reorder.getButtonProps({ name: list, from: index, to: index + 1 })}
        className="btn btn--transparent btn--small"
        disabled={index === count - 1}
        aria-label={`Move ${label} down`}
      >
        <span className="btn__label">Move down</span>
      </button>
      {removable ? (
        <button
          type="submit"
          {...form.remove.getButtonProps({ name: list, index })}
          className="btn btn--transparent btn--small builder-item__remove"
          aria-label={`Remove ${label}`}
        >
          <span className="btn__label">Remove</span>
        </button>
      ) : null}
    </div>
  );
}

/** Lets the editors tell the header a save happened (it re-checks the unpublished-changes badge). */
export const SavedSignal = createContext<() => void>(() => {});

/**
 * JavaScript's enhancement of an editor form: every change updates the live preview at once and
 * autosaves 1.5 s after the last one (a fetcher post of the same form with autosave=1), with a
 * 'Saving…' / 'Saved' status announced politely.
 */
export function useLiveForm<T>(initial: T, read: (form: FormData) => T) {
  const fetcher = useFetcher<BuilderActionData>();
  const location = useLocation();
  const [value, setValue] = useState(initial);
  const [dirty, setDirty] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const saved = useContext(SavedSignal);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) {
      setDirty(false);
      saved();
    }
  }, [fetcher.state, fetcher.data, saved]);

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const target = event.target as HTMLInputElement;
    if (target.type === "file") return;
    setValue(read(new FormData(form)));
    setDirty(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const data = new FormData(form);
      data.delete("heroImage");
      data.set("intent", "save");
      data.set("autosave", "1");
      fetcher.submit(data, { method: "post", action: `${location.pathname}${location.search}` });
    }, AUTOSAVE_DELAY_MS);
  };

  const status =
    fetcher.state !== "idle"
      ? "Saving…"
      : fetcher.data && !fetcher.data.ok
        ? "Not saved: fix the problems shown"
        : dirty
          ? "Unsaved changes"
          : fetcher.data?.ok
            ? "Saved"
            : "";
  const errors: Errors | null =
    fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.errors : null;
  // A real submit (Save, Add, Move…) replaces the pending autosave.
  const onSubmit = () => clearTimeout(timer.current);
  return { value, onChange, onSubmit, status, errors, formRef };
}

export function SaveBar({ status, children }: { status: string; children?: ReactNode }) {
  return (
    <div className="builder-savebar">
      <button type="submit" name="intent" value="save" className="btn btn--primary btn--medium">
        <span className="btn__label">Save</span>
      </button>
      {children}
      <p className="builder-savebar__status" aria-live="polite" role="status">
        {status}
      </p>
    </div>
  );
}
