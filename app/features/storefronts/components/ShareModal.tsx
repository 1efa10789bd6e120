import { useEffect, useRef, useState } from "react";
import { EVENTS } from "~/features/analytics/events";
import { track } from "~/features/analytics/client";
import { Button } from "~/ui/Button";
import { Modal } from "~/ui/Modal";
import { TextInput } from "~/ui/TextInput";
import { SHARE_TARGET_LABELS, SHARE_TARGETS, sharePath, storefrontPath } from "../rules";

/**
 * The storefront's share modal, open when the address says ?share=1 (so the server renders it, and
 * every control is a link). The canonical link sits in a read-only field: with JavaScript "Copy link"
 * puts it on the clipboard, announces "Copied" and records the share; without, the field is there to
 * select. The targets are plain links through our /share redirect, which records the choice.
 */
export function ShareModal({
  open,
  closeHref,
  url,
  creatorName,
  storefrontSlug,
}: {
  open: boolean;
  closeHref: string;
  /** The page's canonical address. */
  url: string;
  creatorName: string;
  storefrontSlug: string;
}) {
  const [mounted, setMounted] = useState(false);
  const [status, setStatus] = useState("");
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => setMounted(true), []);
  useEffect(() => {
    if (!open) setStatus("");
  }, [open]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setStatus("Copied");
      track(EVENTS.storefrontShareModalShared, {
        target: "copy",
        storefrontSlug,
        slug: storefrontSlug,
        path: storefrontPath(storefrontSlug),
      });
    } catch {
      field.current?.select();
      setStatus("Couldn't copy the link here. It's selected: copy it with your keyboard or menu.");
    }
  }

  return (
    <Modal open={open} closeHref={closeHref} title={`Share ${creatorName}'s page`} className="share-modal">
      <div className="share-modal__body">
        <div className="share-modal__copy">
          <TextInput
            ref={field}
            label="Link to this page"
            name="share-link"
            value={url}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            hint={mounted ? undefined : "Select the link and copy it to share it anywhere."}
          />
          {mounted ? (
            <Button variant="secondary" onClick={copy} className="share-modal__copy-button">
              Copy link
            </Button>
          ) : null}
        </div>
        <p className="share-modal__status" role="status" aria-live="polite">
          {status}
        </p>
        <h3 className="share-modal__heading">Share on</h3>
        <ul className="share-modal__targets">
          {SHARE_TARGETS.map((target) => (
            <li key={target}>
              <a
                className={`share-modal__target share-modal__target--${target}`}
                href={sharePath(storefrontSlug, target)}
                {...(target === "email" ? {} : { target: "_blank", rel: "noopener noreferrer" })}
              >
                {SHARE_TARGET_LABELS[target]}
                {target === "email" ? null : <span className="visually-hidden"> (opens in a new tab)</span>}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </Modal>
  );
}
