// What the browser sees of a background job (GET /api/admin/jobs/:id): shared by the server that
// shapes it and the admin hook that polls it.

export const JOB_STATUSES = ["queued", "running", "succeeded", "failed"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export type JobView = {
  id: string;
  kind: string;
  status: JobStatus;
  /** Rows (or items) done of total; total is null until the handler first reports it. */
  progress: { done: number; total: number | null };
  /** What the handler returned (succeeded), or the details it attached to its failure. */
  result: unknown;
  /** The failure's message when status is "failed". */
  error: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
};

export function isJobFinished(status: JobStatus): boolean {
  return status === "succeeded" || status === "failed";
}

/** Whole percent done, 0 while the total is unknown, never above 100. */
export function jobPercent(progress: JobView["progress"]): number {
  if (!progress.total || progress.total <= 0) return 0;
  return Math.min(100, Math.floor((progress.done / progress.total) * 100));
}
