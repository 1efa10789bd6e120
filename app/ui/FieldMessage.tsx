import { Linkify } from "./linkify";

/** The message under a field: announced when it appears, web addresses in it become links. */
export function FieldMessage({ id, show, error }: { id: string; show: boolean; error?: string | null }) {
  if (!show || !error) return null;
  return (
    <p id={id} className="field__error" role="alert">
      <Linkify text={error} />
    </p>
  );
}
