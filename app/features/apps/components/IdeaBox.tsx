import { Form, useNavigation } from "~/ui/router";
import { useState } from "react";
import { Button } from "~/ui/Button";
import { Textarea } from "~/ui/Textarea";
import { appIdeaSchema, IDEA_LIMITS, IDEA_MESSAGES, type IdeaDraft } from "../rules";
import { useIdeaDraft } from "./useIdeaDraft";

export interface IdeaBoxProps {
  /** The idea the page starts with (the one an open sign-in carries, or the one kept on the server). */
  initial: IdeaDraft | null;
  /** A refused post's message. */
  error?: string | null;
  /** Signed in, the post starts the build; signed out, it asks to create an account (or log in) first. */
  signedIn: boolean;
}

/**
 * The idea box of the creator landing pages (/creator, /build): "Describe your app idea" and "Build
 * my app", posting intent=build to the page. The text is kept in local storage as it is typed
 * (useIdeaDraft); the idea schema checks it in the browser before the post and again on the server, so
 * both say the same words. While the post and the page it leads to are on their way the button is
 * busy and disabled (isSubmitting), and it is free again when they end.
 */
export function IdeaBox({ initial, error, signedIn }: IdeaBoxProps) {
  const navigation = useNavigation();
  const { appIdea, field, change } = useIdeaDraft(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const isSubmitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "build";

  return (
    <Form
      method="post"
      className="idea-box"
      id="idea"
      aria-labelledby="idea-box-title"
      noValidate
      onSubmit={(event) => {
        const checked = appIdeaSchema.safeParse({ appIdea });
        if (checked.success) return setProblem(null);
        event.preventDefault();
        setProblem(checked.error.issues[0]?.message ?? IDEA_MESSAGES.required);
        field.current?.focus();
      }}
    >
      <h2 id="idea-box-title" className="idea-box__title">
        Start with your idea
      </h2>
      <input type="hidden" name="intent" value="build" />
      <Textarea
        ref={field}
        label="Describe your app idea"
        name="appIdea"
        rows={5}
        limit={IDEA_LIMITS.max}
        value={appIdea}
        error={problem ?? error}
        alwaysShowError
        hint="Who is it for and what will it help them do? For example: a 6-week plan that gets beginners running 5 km."
        onChange={(event) => {
          setProblem(null);
          change(event.currentTarget.value);
        }}
      />
      <Button type="submit" variant="primary" size="large" loading={isSubmitting} className="idea-box__submit">
        Build my app
      </Button>
      <p className="idea-box__next">
        {signedIn
          ? "We'll build your first version right away: a landing page, an onboarding questionnaire and a plan."
          : "Next you'll create your free account (or log in). Your idea comes with you, and we'll start building as soon as you're in."}
      </p>
    </Form>
  );
}
