/**
 * Background jobs for the back office: imports, the Stripe product sync, anything too long for a
 * request. A job is a row of `admin_jobs`; any app process claims it (FOR UPDATE SKIP LOCKED, on
 * PGlite and PostgreSQL alike), runs its handler, and stores progress and result on the row, so
 * the browser follows it across reloads and restarts (GET /api/admin/jobs/:id).
 *
 * ## Adding a kind of job
 *
 * 1. Write the handler in your feature folder:
 *
 *        export const stripeSyncJob = defineJobHandler({
 *          kind: "stripe.product-sync",
 *          async run(job, { db, services, report, signal }) {   // services: config, payments
 *            const products = await listProductsToSync(db, job.payload);
 *            for (const [index, product] of products.entries()) {
 *              await syncOne(db, product);                 // its own short transaction
 *              await report(index + 1, products.length);   // progress; also keeps the lease
 *            }
 *            return { synced: products.length };          // JSON, stored as the job's result
 *          },
 *        });
 *
 *    Throw `new JobFailure(message, details)` for a failure the admin should read (the message
 *    becomes the job's `error`, the details its `result`); any other error fails the job with its
 *    message and is logged.
 *
 * 2. Add it to `JOB_HANDLERS` in `src/server/admin/jobs/job-handlers.server.ts`.
 *
 * ## Starting one (in an admin action or API route, after `requireAdminApi`)
 *
 *        const { job } = await enqueueJob(db, {
 *          kind: "stripe.product-sync",
 *          payload: { ... },                      // JSON
 *          createdBy: admin.userId,
 *          singletonKey: "stripe.product-sync",   // optional: while one such job is queued or
 *        });                                      // running, enqueueing returns that one
 *        context.get(appContext).kickJobs();      // this process starts it now; others poll
 *        return Response.json({ jobId: job.id });
 *
 *    Pass a transaction as `db` to enqueue together with other writes (the audit trail).
 *    In the browser, `useJob` (`src/web/components/admin/jobs/use-job.ts`) follows the job; a
 *    page's loader finds the job still running after a reload with `findActiveJob(db, kind)`.
 *
 * ## Rules for handlers
 *
 * - Idempotent: a job whose process died (its lease ran out) runs again from the start on another
 *   process, at most MAX_JOB_ATTEMPTS times in all. Write in transactions and skip work already
 *   done (the imports skip names already in the catalogue).
 * - Call `report(done, total)` at least every JOB_LEASE_MS / 3 while working, or rely on the
 *   heartbeat the runner keeps while the handler's promise is pending; `report` throws once the
 *   job's lease is lost or the process is stopping, so the handler stops at its next report.
 * - Use the `db` given (never hold one transaction for the whole job: other requests wait).
 */
import { and, desc, eq, inArray, lt, or, sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import type { JobStatus, JobView } from "../../../domain/admin/jobs.ts";
import { jobMessages } from "../../../domain/messages/admin-jobs.ts";
import type { AppConfig } from "../../config/env.server.ts";
import type { Database, DbOrTx } from "../../db/client.server.ts";
import { createSweepLog } from "../../db/database-errors.server.ts";
import { adminJobs, type AdminJobRow } from "../../db/schema.ts";
import type { PaymentProvider } from "../../payments/payment-provider.server.ts";
import { logRequestError } from "../../http/error-log.server.ts";

/** How long a claim lasts without a heartbeat; a job whose process died is run again after it. */
export const JOB_LEASE_MS = 30_000;
/** A job is tried at most this many times (its process died each time), then marked failed. */
export const MAX_JOB_ATTEMPTS = 3;
/** How often an idle process looks for jobs another process queued. */
export const JOB_POLL_MS = 2_000;
/** Progress is written at most this often (and always when done reaches total). */
const PROGRESS_WRITE_MS = 250;

export type ClaimedJob = {
  id: string;
  kind: string;
  payload: unknown;
  createdBy: string | null;
  /** 1 on the first run; more when an earlier process died running it. */
  attempt: number;
};

/** The app's services a handler may need (absent in tests that do not give them). */
/** `catalogueChanged` empties the caches of public pages and discovery counts after a job writes products. */
export type JobServices = { config?: AppConfig; payments?: PaymentProvider; catalogueChanged?: () => void };

export type JobRunContext = {
  db: Database;
  services: JobServices;
  /** Records progress (rows done of total) on the job; throws when the job must stop. */
  report(done: number, total: number): Promise<void>;
  /** Aborted when the lease is lost or the process is stopping. */
  signal: AbortSignal;
};

export type JobHandler = {
  kind: string;
  run(job: ClaimedJob, context: JobRunContext): Promise<unknown>;
};

export function defineJobHandler(handler: JobHandler): JobHandler {
  return handler;
}

/** A failure meant for the admin: `message` is the job's error, `details` its result. */
export class JobFailure extends Error {
  constructor(
    message: string,
    readonly details: unknown = null,
  ) {
    super(message);
    this.name = "JobFailure";
  }
}

class JobStopped extends Error {
  constructor(readonly why: "lease-lost" | "shutdown") {
    super(why === "lease-lost" ? "the job's lease was lost" : "the process is stopping");
  }
}

export function toJobView(row: AdminJobRow): JobView {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status as JobStatus,
    progress: { done: row.progressDone, total: row.progressTotal },
    result: row.result ?? null,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export type EnqueueInput = { kind: string; payload?: unknown; createdBy: string | null; singletonKey?: string };

/**
 * Queues a job. With a singletonKey, a job with that key already queued or running is returned
 * instead (created: false); the partial unique index makes this hold between processes too.
 */
export async function enqueueJob(db: DbOrTx, input: EnqueueInput): Promise<{ job: JobView; created: boolean }> {
  for (let tries = 0; tries < 3; tries++) {
    const [inserted] = await db
      .insert(adminJobs)
      .values({ kind: input.kind, payload: input.payload ?? {}, createdBy: input.createdBy, singletonKey: input.singletonKey ?? null })
      .onConflictDoNothing()
      .returning();
    if (inserted) return { job: toJobView(inserted), created: true };
    const [existing] = await db
      .select()
      .from(adminJobs)
      .where(and(eq(adminJobs.singletonKey, input.singletonKey ?? ""), inArray(adminJobs.status, ["queued", "running"])))
      .limit(1);
    // Gone between the two statements (it just finished): queue a new one.
    if (existing) return { job: toJobView(existing), created: false };
  }
  throw new Error(`could not queue a ${input.kind} job`);
}

export async function getJob(db: DbOrTx, id: string): Promise<JobView | null> {
  const [row] = await db.select().from(adminJobs).where(eq(adminJobs.id, id)).limit(1);
  return row ? toJobView(row) : null;
}

/** The newest queued or running job of these kinds: what a page shows after a reload. */
export async function findActiveJob(db: DbOrTx, kinds: string | readonly string[]): Promise<JobView | null> {
  const list = typeof kinds === "string" ? [kinds] : [...kinds];
  if (list.length === 0) return null;
  const [row] = await db
    .select()
    .from(adminJobs)
    .where(and(inArray(adminJobs.kind, list), inArray(adminJobs.status, ["queued", "running"])))
    .orderBy(desc(adminJobs.createdAt))
    .limit(1);
  return row ? toJobView(row) : null;
}

/** The newest job of these kinds whatever its status (a page shows the last run's outcome). */
export async function findLatestJob(db: DbOrTx, kinds: string | readonly string[]): Promise<JobView | null> {
  const list = typeof kinds === "string" ? [kinds] : [...kinds];
  if (list.length === 0) return null;
  const [row] = await db.select().from(adminJobs).where(inArray(adminJobs.kind, list)).orderBy(desc(adminJobs.createdAt)).limit(1);
  return row ? toJobView(row) : null;
}

const leaseEnd = (leaseMs: number) => sql`now() + make_interval(secs => ${leaseMs / 1000})`;

/**
 * Claims the oldest job this process can run: queued, or running with a lease that ran out (its
 * process died). Rows another process is claiming are skipped, never waited for.
 */
export async function claimJob(db: Database, options: { workerId: string; kinds: readonly string[]; leaseMs?: number }): Promise<ClaimedJob | null> {
  if (options.kinds.length === 0) return null;
  const leaseMs = options.leaseMs ?? JOB_LEASE_MS;
  return db.transaction(async (tx) => {
    const [candidate] = await tx
      .select({ id: adminJobs.id })
      .from(adminJobs)
      .where(
        and(
          inArray(adminJobs.kind, [...options.kinds]),
          or(eq(adminJobs.status, "queued"), and(eq(adminJobs.status, "running"), lt(adminJobs.lockedUntil, sql`now()`))),
        ),
      )
      .orderBy(adminJobs.createdAt)
      .limit(1)
      .for("update", { skipLocked: true });
    if (!candidate) return null;
    const [row] = await tx
      .update(adminJobs)
      .set({
        status: "running",
        attempts: sql`${adminJobs.attempts} + 1`,
        lockedBy: options.workerId,
        lockedUntil: leaseEnd(leaseMs),
        startedAt: sql`coalesce(${adminJobs.startedAt}, now())`,
        updatedAt: sql`now()`,
      })
      .where(eq(adminJobs.id, candidate.id))
      .returning();
    if (!row) return null;
    return { id: row.id, kind: row.kind, payload: row.payload, createdBy: row.createdBy, attempt: row.attempts };
  });
}

/** The claim is still ours: every write of a running job checks it, so a process that lost its lease never overwrites the new owner. */
const ownedBy = (id: string, workerId: string) => and(eq(adminJobs.id, id), eq(adminJobs.lockedBy, workerId), eq(adminJobs.status, "running"));

async function finishJob(db: Database, id: string, workerId: string, outcome: { status: "succeeded"; result: unknown } | { status: "failed"; error: string; result: unknown }) {
  await db
    .update(adminJobs)
    .set({
      status: outcome.status,
      result: outcome.result ?? null,
      error: outcome.status === "failed" ? outcome.error.slice(0, 2000) : null,
      progressDone: outcome.status === "succeeded" ? sql`coalesce(${adminJobs.progressTotal}, ${adminJobs.progressDone})` : adminJobs.progressDone,
      lockedBy: null,
      lockedUntil: null,
      finishedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(ownedBy(id, workerId));
}

export type JobRunnerOptions = {
  db: Database;
  services?: JobServices;
  handlers: readonly JobHandler[];
  /** Jobs this process runs at once. */
  concurrency?: number;
  pollMs?: number;
  leaseMs?: number;
  /**
   * The only process on this database (PGlite): a job left running by an earlier run of this
   * process is taken back at once instead of after its lease.
   */
  exclusive?: boolean;
  workerId?: string;
};

export type JobRunner = {
  /** Looks for work now (call after enqueueing). */
  kick(): void;
  /** Resolves when no job is running in this process and none is being claimed (for tests). */
  idle(): Promise<void>;
  /** Stops claiming, asks running handlers to stop, gives their jobs back, and waits (at most 5 s). */
  stop(): Promise<void>;
};

export function startJobRunner(options: JobRunnerOptions): JobRunner {
  const { db } = options;
  const handlers = new Map(options.handlers.map((handler) => [handler.kind, handler]));
  const kinds = [...handlers.keys()];
  const concurrency = options.concurrency ?? 1;
  const leaseMs = options.leaseMs ?? JOB_LEASE_MS;
  const workerId = options.workerId ?? `worker-${randomUUID()}`;
  const log = createSweepLog("background jobs");
  const running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  let stopped = false;
  let pumping: Promise<void> | null = null;
  let pumpAgain = false;
  let ready: Promise<void> = Promise.resolve();

  if (options.exclusive) {
    ready = db
      .update(adminJobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(adminJobs.status, "running"))
      .then(() => undefined)
      .catch((error: unknown) => log.failed(error));
  }

  async function run(job: ClaimedJob, controller: AbortController) {
    const handler = handlers.get(job.kind);
    if (!handler) return; // never claimed: claimJob asks only for known kinds
    if (job.attempt > MAX_JOB_ATTEMPTS) {
      await finishJob(db, job.id, workerId, { status: "failed", error: jobMessages.interruptedTooOften, result: null });
      return;
    }
    const stopWith = (why: JobStopped["why"]) => {
      if (!controller.signal.aborted) controller.abort(new JobStopped(why));
    };
    const extend = async () => {
      const kept = await db.update(adminJobs).set({ lockedUntil: leaseEnd(leaseMs), updatedAt: sql`now()` }).where(ownedBy(job.id, workerId)).returning({ id: adminJobs.id });
      if (kept.length === 0) stopWith("lease-lost");
    };
    const heartbeat = setInterval(() => void extend().catch((error: unknown) => log.failed(error)), Math.max(50, Math.floor(leaseMs / 3)));
    heartbeat.unref();
    let lastWrite = 0;
    const report = async (done: number, total: number) => {
      if (controller.signal.aborted) throw controller.signal.reason;
      const now = Date.now();
      if (now - lastWrite < PROGRESS_WRITE_MS && done < total) return;
      lastWrite = now;
      const safeDone = Math.max(0, Math.floor(done));
      const safeTotal = Math.max(0, Math.floor(total));
      const kept = await db
        .update(adminJobs)
        .set({ progressDone: safeDone, progressTotal: safeTotal, lockedUntil: leaseEnd(leaseMs), updatedAt: sql`now()` })
        .where(ownedBy(job.id, workerId))
        .returning({ id: adminJobs.id });
      if (kept.length === 0) stopWith("lease-lost");
      if (controller.signal.aborted) throw controller.signal.reason;
    };
    try {
      const result = await handler.run(job, { db, services: options.services ?? {}, report, signal: controller.signal });
      if (controller.signal.aborted && (controller.signal.reason as JobStopped).why === "lease-lost") return;
      await finishJob(db, job.id, workerId, { status: "succeeded", result: result ?? null });
    } catch (error) {
      const reason = controller.signal.aborted ? (controller.signal.reason as JobStopped) : null;
      if (reason?.why === "lease-lost") return; // another process owns it now
      if (reason?.why === "shutdown") {
        // Not the job's fault: give it back untouched, for another process or the next start.
        await db
          .update(adminJobs)
          .set({ status: "queued", attempts: sql`greatest(${adminJobs.attempts} - 1, 0)`, lockedBy: null, lockedUntil: null, updatedAt: sql`now()` })
          .where(ownedBy(job.id, workerId));
        return;
      }
      if (!(error instanceof JobFailure)) logRequestError(`background job ${job.kind} ${job.id}`, error);
      const message = error instanceof Error ? error.message : String(error);
      await finishJob(db, job.id, workerId, { status: "failed", error: message || jobMessages.failedUnexpectedly, result: error instanceof JobFailure ? error.details : null });
    } finally {
      clearInterval(heartbeat);
    }
  }

  async function pumpOnce() {
    await ready;
    do {
      pumpAgain = false;
      while (!stopped && running.size < concurrency) {
        const job = await claimJob(db, { workerId, kinds, leaseMs });
        if (!job) break;
        const controller = new AbortController();
        const done = run(job, controller)
          .catch((error: unknown) => log.failed(error))
          .finally(() => {
            running.delete(job.id);
            kick();
          });
        running.set(job.id, { controller, done });
      }
    } while (pumpAgain && !stopped);
  }

  function kick() {
    if (stopped) return;
    if (pumping) {
      pumpAgain = true;
      return;
    }
    pumping = pumpOnce()
      .then(() => log.succeeded())
      .catch((error: unknown) => log.failed(error))
      .finally(() => {
        pumping = null;
      });
  }

  const timer = setInterval(kick, options.pollMs ?? JOB_POLL_MS);
  timer.unref();
  kick();

  return {
    kick,
    async idle() {
      while (pumping || running.size > 0) {
        await pumping;
        await Promise.all([...running.values()].map((entry) => entry.done));
      }
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await pumping;
      for (const entry of running.values()) entry.controller.abort(new JobStopped("shutdown"));
      const all = Promise.all([...running.values()].map((entry) => entry.done));
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([all, new Promise<void>((resolve) => (timeout = setTimeout(resolve, 5_000)))]);
      clearTimeout(timeout);
    },
  };
}
