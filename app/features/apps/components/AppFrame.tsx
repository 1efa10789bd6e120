/**
 * The frame of an app's public screens (onboarding steps, the personalized plan): the app's theme,
 * the preview banner, the app's name linking to its landing page, and "Already have an account?
 * Sign in". It mirrors the visitor's anonymous id to local storage (spec 6).
 */
import { Link } from "~/ui/router";
import { useEffect } from "react";
import type { Theme } from "~/db/app-content";
import { ANONYMOUS_COOKIE } from "~/features/identity/anonymous-id";

export interface AppChrome {
  appName: string;
  theme: Theme;
  preview: string | null;
  signedIn: boolean;
  signInHref: string;
  landingHref: string;
  anonymousId: string | null;
  /** Sign-in linked the visitor's anonymous data (dataLinked): the stored anonymous id is cleared. */
  anonymousLinked?: boolean;
}

function themeStyle(theme: Theme): React.CSSProperties {
  return {
    ["--app-primary" as string]: theme.primaryColor,
    ["--app-accent" as string]: theme.accentColor,
    ["--app-bg" as string]: theme.mode === "dark" ? "#15151b" : theme.backgroundColor,
    ["--app-text" as string]: theme.mode === "dark" ? "#f4f4f6" : theme.textColor,
    ["--app-radius" as string]: `${theme.cornerRadius}px`,
  };
}

/**
 * Mirrors the visitor's anonymous id to local storage 'dx_non_auth_user_id' (spec 6), with
 * JavaScript; once sign-in has linked it (dataLinked), the stored id is cleared (spec 4).
 */
function useAnonymousMirror(anonymousId: string | null, linked: boolean) {
  useEffect(() => {
    try {
      if (anonymousId) window.localStorage.setItem(ANONYMOUS_COOKIE, anonymousId);
      else if (linked) window.localStorage.removeItem(ANONYMOUS_COOKIE);
    } catch {
      /* storage full or blocked: the cookie still identifies the visitor */
    }
  }, [anonymousId, linked]);
}

export function AppFrame({
  chrome,
  children,
  signInLine = true,
}: {
  chrome: AppChrome;
  children: React.ReactNode;
  /** "Already have an account? Sign in" under the page; off where the page offers Log In itself. */
  signInLine?: boolean;
}) {
  useAnonymousMirror(chrome.anonymousId, Boolean(chrome.anonymousLinked));
  return (
    <div className={`app-onboarding app-onboarding--${chrome.theme.font}`} style={themeStyle(chrome.theme)}>
      {chrome.preview ? (
        <p className="app-onboarding__preview" role="status">
          Preview: answers and plans made here are kept apart from your real users'.
        </p>
      ) : null}
      <div className="app-onboarding__inner">
        <p className="app-onboarding__brand">
          <Link to={chrome.landingHref}>{chrome.appName}</Link>
        </p>
        {children}
        {signInLine && !chrome.signedIn && !chrome.preview ? (
          <p className="app-onboarding__signin">
            Already have an account? <Link to={chrome.signInHref}>Sign in</Link>
          </p>
        ) : null}
      </div>
    </div>
  );
}
