// Texts of the back office's background jobs (ours: the spec runs its imports inside the request).

export const jobMessages = {
  notFound: "Job not found.",
  interruptedTooOften: "The job stopped because the server running it shut down too many times. Start it again.",
  failedUnexpectedly: "The job failed unexpectedly.",
  /** The hook's message while the server cannot be reached; polling carries on. */
  connectionLost: "Lost contact with the server; still trying...",
} as const;
