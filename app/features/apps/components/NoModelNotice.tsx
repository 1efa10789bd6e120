/**
 * What a creator is told where the builder writes for them and no AI model is connected (the embedded
 * default answers): the draft comes from templates and their own answers, so it is theirs to check,
 * and how a model is connected. `picture`, where the page makes pictures too, says what they are
 * (designed covers, not a model's pictures). Shown on the dashboard's new-app form, the build's
 * progress page and the blueprint.
 */
export function NoModelNotice({ what, picture }: { what: string; picture?: string }) {
  return (
    <p className="no-model-notice" data-no-model>
      <strong>No AI model is connected.</strong> {what} is written from templates and your own answers, not by a model:
      read it through and make it yours.{picture ? ` ${picture}` : null} To have a model write it, whoever runs this
      studio connects Workers AI (bound in wrangler.toml when deployed) or any OpenAI-compatible endpoint (the{" "}
      <code>AI_BASE_URL</code> and <code>AI_MODEL</code> settings).
    </p>
  );
}

/** What the notice says of a new app's hero picture without a model. */
export const NO_MODEL_HERO =
  "Its hero picture is a designed cover: its name and promise set in type in its theme’s colours, not a picture drawn by AI.";
