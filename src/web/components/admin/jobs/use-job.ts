// Follows a background job (src/server/admin/jobs/jobs.server.ts) from the browser: polls
// GET /api/admin/jobs/:id while the job is queued or running and stops when it is done. The job
// lives in the database, so a page that reloads mid-run passes the running job its loader found
// (findActiveJob) as `initial` and carries on showing its progress.
//
//   const { job, follow } = useJob(loaderData.activeImport, { onFinished: () => revalidator.revalidate() });
//   // after POSTing the action that enqueued it:  follow(answer.job)
import { useCallback, useEffect, useRef, useState } from "react";
import { isJobFinished, type JobView } from "../../../../domain/admin/jobs.ts";

export type UseJobOptions = {
  /** Time between two polls while the tab is visible. */
  intervalMs?: number;
  /** Called once when the followed job succeeds or fails. */
  onFinished?: (job: JobView) => void;
};

export type UseJobResult = {
  /** The job as last read (null before any is followed). */
  job: JobView | null;
  /** Starts following another job (the one an action just queued). */
  follow(job: JobView): void;
  /** True while polls fail (the server is restarting, the network is away); polling goes on. */
  connectionLost: boolean;
};

const HIDDEN_INTERVAL_MS = 5_000;
const MAX_BACKOFF_MS = 10_000;

export function useJob(initial: JobView | null, options: UseJobOptions = {}): UseJobResult {
  const intervalMs = options.intervalMs ?? 1_000;
  const [job, setJob] = useState<JobView | null>(initial);
  const [connectionLost, setConnectionLost] = useState(false);
  const onFinished = useRef(options.onFinished);
  useEffect(() => {
    onFinished.current = options.onFinished;
  });

  // A loader that revalidates and finds another job (another tab started one) takes over.
  const initialId = initial?.id ?? null;
  const [seenInitialId, setSeenInitialId] = useState(initialId);
  if (initialId !== seenInitialId) {
    setSeenInitialId(initialId);
    if (initial && initial.id !== job?.id) setJob(initial);
  }

  const followedId = job && !isJobFinished(job.status) ? job.id : null;
  useEffect(() => {
    if (!followedId) return;
    let cancelled = false;
    let timer: number | undefined;
    let failures = 0;
    const poll = async () => {
      try {
        const response = await fetch(`/api/admin/jobs/${encodeURIComponent(followedId)}`, { headers: { accept: "application/json" } });
        if (cancelled) return;
        if (!response.ok) throw new Error(`status ${response.status}`);
        const next = (await response.json()) as JobView;
        if (cancelled) return;
        failures = 0;
        setConnectionLost(false);
        setJob(next);
        if (isJobFinished(next.status)) {
          onFinished.current?.(next);
          return;
        }
      } catch {
        if (cancelled) return;
        failures++;
        setConnectionLost(true);
      }
      const base = document.hidden ? HIDDEN_INTERVAL_MS : intervalMs;
      timer = window.setTimeout(() => void poll(), Math.min(MAX_BACKOFF_MS, base * 2 ** Math.min(failures, 4)));
    };
    timer = window.setTimeout(() => void poll(), intervalMs);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [followedId, intervalMs]);

  const follow = useCallback((next: JobView) => {
    setConnectionLost(false);
    setJob(next);
    // A job that finished before the action answered gets no poll: tell the page at once.
    if (isJobFinished(next.status)) onFinished.current?.(next);
  }, []);

  return { job, follow, connectionLost };
}
