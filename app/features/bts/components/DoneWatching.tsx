import { Form } from "~/ui/router";
import { Button } from "~/ui/Button";

/**
 * 'Done watching': ends the viewing session with a plain form post (so it works without
 * JavaScript); with JavaScript the player's count of seconds rides along in the hidden field.
 */
export function DoneWatching({ endHref, take }: { endHref: string; take: () => number }) {
  return (
    <Form
      method="post"
      action={endHref}
      className="bts-page__done"
      onSubmit={(event) => {
        const field = event.currentTarget.elements.namedItem("secondsWatched");
        if (field instanceof HTMLInputElement) field.value = String(take());
      }}
    >
      <input type="hidden" name="via" value="form" />
      <input type="hidden" name="secondsWatched" value="" />
      <Button type="submit" variant="secondary">
        Done watching
      </Button>
    </Form>
  );
}
