import { Form, Link, useNavigation } from "~/ui/router";
import { useEffect, useRef, useState } from "react";
import { Button } from "~/ui/Button";
import { Textarea } from "~/ui/Textarea";
import { clearIdeaDraft, IDEA_LIMITS, readIdeaDraft, saveIdeaDraft, type DraftStorage, type IdeaDraft } from "../rules";

/** localStorage, or null where it cannot be used (private modes, blocked storage): failures are only logged. */
function browserStorage(): DraftStorage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch (error) {
    console.warn("app idea draft: no local storage", error);
    return null;
  }
}

export interface NewAppFormProps {
  /** The draft kept on the server (no JavaScript), or the value a refused post sent, with when it was typed. */
  initial: IdeaDraft | null;
  error?: string | null;
  /** Shown when the draft was just saved (?draft=saved). */
  saved?: boolean;
}

/**
 * 'Describe your app idea' and 'Create app'. Without JavaScript the draft lives on the server ('Save
 * draft'); with it, every keystroke is kept in local storage ('appBuilderContextState',
 * {appIdea, timestamp}), restored on load and cleared once the app is made.
 */
export function NewAppForm({ initial, error, saved }: NewAppFormProps) {
  const initialIdea = initial?.appIdea ?? "";
  const initialTime = initial?.timestamp ?? 0;
  const navigation = useNavigation();
  const [appIdea, setAppIdea] = useState(initialIdea);
  const intent = navigation.formData?.get("intent");
  const isSubmitting = navigation.state === "submitting" && intent === "create";
  const restored = useRef(false);
  const field = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    const storage = browserStorage();
    // Text typed before the page hydrated is in the field but not in the state (the hydration guard
    // keeps those keys from React), and the next render would put the state back over it: it is the
    // newest copy of all, so it becomes the state and the draft.
    const typed = field.current?.value ?? "";
    if (typed && typed !== initialIdea) {
      setAppIdea(typed);
      if (storage) saveIdeaDraft(storage, typed, Date.now());
      return;
    }
    if (!storage) return;
    // The newer of the browser's copy and the server's wins.
    const draft = readIdeaDraft(storage);
    if (draft?.appIdea && draft.timestamp > initialTime) setAppIdea(draft.appIdea);
    else if (initialIdea) saveIdeaDraft(storage, initialIdea, initialTime || Date.now());
  }, [initialIdea, initialTime]);

  // The app is being made: we are on our way to its build's progress page (or the builder).
  useEffect(() => {
    const to = navigation.location?.pathname ?? "";
    if (navigation.state === "loading" && (to === "/dashboard/builder" || to.startsWith("/dashboard/builder/jobs/"))) {
      const storage = browserStorage();
      if (storage) clearIdeaDraft(storage);
    }
  }, [navigation.state, navigation.location]);

  return (
    <Form method="post" className="new-app-form" id="new-app" aria-labelledby="new-app-heading">
      <h3 id="new-app-heading" className="new-app-form__title">
        Make a new app
      </h3>
      <Textarea
        ref={field}
        label="Describe your app idea"
        name="appIdea"
        rows={4}
        limit={IDEA_LIMITS.max}
        value={appIdea}
        error={error}
        alwaysShowError
        hint="Who is it for and what will it help them do? For example: a 6-week plan that gets beginners doing 10 push-ups."
        onChange={(event) => {
          const value = event.currentTarget.value;
          setAppIdea(value);
          const storage = browserStorage();
          if (storage) saveIdeaDraft(storage, value, Date.now());
        }}
      />
      {saved && !error ? (
        <p className="new-app-form__saved" role="status">
          Your idea is saved. Come back to it any time.
        </p>
      ) : null}
      <div className="new-app-form__actions">
        <Button
          type="submit"
          name="intent"
          value="create"
          variant="primary"
          loading={isSubmitting}
          disabled={isSubmitting}
        >
          Create app
        </Button>
        <Button type="submit" name="intent" value="save-draft" variant="secondary" disabled={isSubmitting}>
          Save draft
        </Button>
        <Button
          type="submit"
          name="intent"
          value="clear-draft"
          variant="secondary"
          disabled={isSubmitting}
          onClick={() => {
            // The browser's copy goes at once; the post clears the server's.
            setAppIdea("");
            const storage = browserStorage();
            if (storage) clearIdeaDraft(storage);
          }}
        >
          Clear
        </Button>
      </div>
      <p className="new-app-form__brainstorm">
        No idea yet? <Link to="/dashboard/builder/brainstorm">Brainstorm app ideas</Link> from what you know.
      </p>
    </Form>
  );
}
