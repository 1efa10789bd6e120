import { useNavigation } from "~/ui/router";
import { useEffect, useRef, useState } from "react";
import { clearIdeaDraft, readIdeaDraft, saveIdeaDraft, type DraftStorage, type IdeaDraft } from "../rules";

/** localStorage, or null where it cannot be used (private modes, blocked storage): failures are only logged. */
export function browserStorage(): DraftStorage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch (error) {
    console.warn("app idea draft: no local storage", error);
    return null;
  }
}

/** Where a started build goes next: its progress page, or the builder. */
const isBuildPage = (path: string) => path === "/dashboard/builder" || path.startsWith("/dashboard/builder/jobs/");

/**
 * An idea box's text, kept in this browser's local storage as it is typed ('appBuilderContextState',
 * {appIdea, timestamp}; spec 9), restored on load when it is newer than `initial` (the server's copy,
 * or the value a refused post sent), and cleared once a build has started from it (the page is on its
 * way to the build's progress page or the builder, whichever form's post or sign-in sent it there).
 * `field` goes on the textarea.
 */
export function useIdeaDraft(initial: IdeaDraft | null) {
  const initialIdea = initial?.appIdea ?? "";
  const initialTime = initial?.timestamp ?? 0;
  const navigation = useNavigation();
  const [appIdea, setAppIdea] = useState(initialIdea);
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
    if (navigation.state === "loading" && isBuildPage(navigation.location?.pathname ?? "")) {
      const storage = browserStorage();
      if (storage) clearIdeaDraft(storage);
    }
  }, [navigation.state, navigation.location]);

  return {
    appIdea,
    field,
    /** The box changed: the state and the browser's copy follow. */
    change(value: string) {
      setAppIdea(value);
      const storage = browserStorage();
      if (storage) saveIdeaDraft(storage, value, Date.now());
    },
    /** The draft is cleared: the box and the browser's copy at once. */
    clear() {
      setAppIdea("");
      const storage = browserStorage();
      if (storage) clearIdeaDraft(storage);
    },
  };
}
