import { Form, Link, useNavigation } from "~/ui/router";
import { Button } from "~/ui/Button";
import { Textarea } from "~/ui/Textarea";
import { IDEA_LIMITS, type IdeaDraft } from "../rules";
import { useIdeaDraft } from "./useIdeaDraft";

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
  const navigation = useNavigation();
  const { appIdea, field, change, clear } = useIdeaDraft(initial);
  const intent = navigation.formData?.get("intent");
  const isSubmitting = navigation.state === "submitting" && intent === "create";

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
        onChange={(event) => change(event.currentTarget.value)}
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
          // The browser's copy goes at once; the post clears the server's.
          onClick={clear}
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
