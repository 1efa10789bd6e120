/**
 * The root's analytics with JavaScript: mirrors the attribution record to local storage
 * ('attribution_{id}', purged after 30 days), starts the batcher, and counts client-side navigations
 * (page views and modal views) that the server cannot see. The first render's address is the document
 * the server already counted, so it is skipped.
 */
import { useLocation } from "~/ui/router";
import { useEffect, useRef } from "react";
import { syncAttribution } from "~/features/attribution/browser";
import type { Attribution } from "~/features/attribution/rules";
import { viewEvents } from "../events";
import { setAnonymousId, startBatcher, track } from "../client";

export type AnalyticsRootData = { id: string | null; anonymousId: string | null; attribution: Attribution | null };

export function useAnalytics({ id, anonymousId, attribution }: AnalyticsRootData) {
  const location = useLocation();
  const previous = useRef<string | null>(null);

  useEffect(() => {
    setAnonymousId(anonymousId);
    startBatcher();
  }, [anonymousId]);

  const record = attribution ? JSON.stringify(attribution) : "";
  useEffect(() => {
    try {
      syncAttribution(window.localStorage, id, record ? (JSON.parse(record) as Attribution) : null, Date.now());
    } catch {
      /* storage full or disabled: the server's cookie still carries the record */
    }
  }, [id, record]);

  const href = location.pathname + location.search;
  useEffect(() => {
    const prev = previous.current;
    previous.current = href;
    if (prev === null || prev === href) return;
    for (const call of viewEvents(prev, href)) track(call.name, call.properties);
  }, [href]);
}
