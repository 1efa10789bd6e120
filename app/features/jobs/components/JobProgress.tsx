/**
 * A job's progress bar, for pages that wait on a background job. Without JavaScript the page
 * refreshes itself every few seconds (<meta refresh> inside <noscript>) and the server renders the
 * new progress (and redirects when the job is done). With JavaScript it follows the job's room live
 * and polls its status endpoint as a fallback; when the job finishes it reloads the page's data, so
 * the server decides what comes next.
 */
import { useEffect, useState } from "react";
import { useRealtime } from "~/features/realtime/useRealtime";
import { useRevalidator } from "~/ui/router";
import { ProgressBar } from "~/ui/ProgressBar";
import { readJobMessage, type JobStatus } from "../rules";

export const JOB_REFRESH_SECONDS = 2;
const POLL_MS = 1_500;

export interface JobProgressProps {
  jobId: string;
  room: string | null;
  status: JobStatus;
  progress: number;
  /** GET endpoint answering {response: {status, progress}} (the API's job status). */
  statusPath: string;
  /** The progress bar's accessible name: 'Brainstorm progress'. */
  label: string;
}

export function JobProgress({ jobId, room, status, progress, statusPath, label }: JobProgressProps) {
  const [live, setLive] = useState(progress);
  const revalidator = useRevalidator();
  const running = status === "queued" || status === "running";
  useEffect(() => setLive(progress), [progress]);
  useRealtime(running ? room : null, {
    onMessage: (data) => {
      const message = readJobMessage(data);
      if (!message || message.jobId !== jobId) return;
      setLive((current) => Math.max(current, message.progress));
      if (message.status === "completed" || message.status === "failed") revalidator.revalidate();
    },
  });
  useEffect(() => {
    if (!running) return;
    let stopped = false;
    const timer = setInterval(async () => {
      try {
        const response = await fetch(statusPath, { headers: { Accept: "application/json" } });
        const body = (await response.json()) as { response?: { status?: string; progress?: number } };
        if (stopped || !body.response) return;
        setLive((current) => Math.max(current, body.response?.progress ?? 0));
        if (body.response.status === "completed" || body.response.status === "failed") {
          stopped = true;
          revalidator.revalidate();
        }
      } catch {
        /* offline for a moment: the next poll tries again */
      }
    }, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
    // Restart only when the job or its state changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [jobId, running, statusPath]);
  return (
    <>
      {running ? (
        <noscript>
          <meta httpEquiv="refresh" content={String(JOB_REFRESH_SECONDS)} />
        </noscript>
      ) : null}
      <div role="status" aria-live="polite">
        <ProgressBar value={live} label={label} showText />
      </div>
    </>
  );
}
