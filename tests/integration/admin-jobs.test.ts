// The background job system (src/server/admin/jobs/jobs.server.ts): claim, progress, result,
// failure, leases, restarts; the races on real PostgreSQL with two connection pools standing in
// for two app processes; GET /api/admin/jobs/:id.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { jobMessages } from "../../src/domain/messages/admin-jobs.ts";
import {
  claimJob,
  defineJobHandler,
  enqueueJob,
  findActiveJob,
  findLatestJob,
  getJob,
  JobFailure,
  MAX_JOB_ATTEMPTS,
  startJobRunner,
  type JobHandler,
  type JobRunner,
} from "../../src/server/admin/jobs/jobs.server.ts";
import { openDatabase, type Database, type DatabaseHandle } from "../../src/server/db/client.server.ts";
import { adminJobs } from "../../src/server/db/schema.ts";
import { loader as jobLoader } from "../../src/web/routes/api.admin.job.ts";
import { makeAuth, makeContext, settle, SHOP, signedInAccount } from "../helpers/admin.ts";
import { availableEngines, createTestDatabase, describeEachEngine } from "../helpers/databases.ts";
import { withUrl } from "../helpers/route-context.ts";

let kindCounter = 0;
/** Each test uses its own job kinds, so runners of other tests never claim its jobs. */
const uniqueKind = (name: string) => `test.${name}.${Date.now()}.${++kindCounter}`;

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const runners: JobRunner[] = [];
/** Runners poll only when kicked (a long poll interval), so each test decides when work starts. */
function runner(db: Database, handlers: JobHandler[], options: { exclusive?: boolean; concurrency?: number; leaseMs?: number } = {}) {
  const started = startJobRunner({ db, handlers, pollMs: 60_000, ...options });
  runners.push(started);
  return started;
}
afterAll(async () => {
  await Promise.all(runners.map((r) => r.stop()));
});

describeEachEngine("background jobs", (get) => {
  it("runs a queued job once when kicked, recording progress and the handler's result", async () => {
    const { db } = get();
    const kind = uniqueKind("count");
    const seen: { done: number; total: number | null }[] = [];
    const handler = defineJobHandler({
      kind,
      async run(job, { report, db: jobDb }) {
        for (let done = 1; done <= 3; done++) {
          await report(done, 3);
          const [row] = await jobDb.select().from(adminJobs).where(eq(adminJobs.id, job.id));
          seen.push({ done: row!.progressDone, total: row!.progressTotal });
        }
        return { added: 3, payloadWas: job.payload };
      },
    });
    const jobs = runner(db, [handler]);
    const { job, created } = await enqueueJob(db, { kind, payload: { source: "suits" }, createdBy: "admin-1" });
    expect(created).toBe(true);
    expect(job).toMatchObject({ status: "queued", progress: { done: 0, total: null }, result: null, error: null });
    jobs.kick();
    await jobs.idle();
    const finished = await getJob(db, job.id);
    expect(finished).toMatchObject({ status: "succeeded", progress: { done: 3, total: 3 }, result: { added: 3, payloadWas: { source: "suits" } }, error: null });
    expect(finished!.startedAt).not.toBeNull();
    expect(finished!.finishedAt).not.toBeNull();
    // The last report (done = total) is always written; earlier ones may be coalesced.
    expect(seen.at(-1)).toEqual({ done: 3, total: 3 });
    const [row] = await db.select().from(adminJobs).where(eq(adminJobs.id, job.id));
    expect(row).toMatchObject({ attempts: 1, lockedBy: null, lockedUntil: null, createdBy: "admin-1" });
  });

  it("fails a job whose handler throws, keeping a JobFailure's message and details for the admin", async () => {
    const { db } = get();
    const kind = uniqueKind("fail");
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const jobs = runner(db, [
      defineJobHandler({
        kind,
        async run(job) {
          if ((job.payload as { explain: boolean }).explain) throw new JobFailure("The suits source could not be read.", { errors: ["row 3: no price"] });
          throw new Error("boom");
        },
      }),
    ]);
    const explained = (await enqueueJob(db, { kind, payload: { explain: true }, createdBy: null })).job;
    const unexplained = (await enqueueJob(db, { kind, payload: { explain: false }, createdBy: null })).job;
    jobs.kick();
    await jobs.idle();
    expect(await getJob(db, explained.id)).toMatchObject({ status: "failed", error: "The suits source could not be read.", result: { errors: ["row 3: no price"] } });
    expect(await getJob(db, unexplained.id)).toMatchObject({ status: "failed", error: "boom", result: null });
    // An unexpected error is logged for the operator; a JobFailure is the admin's to read.
    expect(logged).toHaveBeenCalledTimes(1);
    logged.mockRestore();
  });

  it("gives back the queued or running job of a singleton key instead of queueing a twin", async () => {
    const { db } = get();
    const kind = uniqueKind("single");
    const release = deferred();
    const jobs = runner(db, [defineJobHandler({ kind, run: () => release.promise })]);
    const first = await enqueueJob(db, { kind, createdBy: null, singletonKey: kind });
    const again = await enqueueJob(db, { kind, createdBy: null, singletonKey: kind });
    expect(again).toEqual({ job: expect.objectContaining({ id: first.job.id }), created: false });
    jobs.kick();
    await expect.poll(async () => (await getJob(db, first.job.id))?.status).toBe("running");
    expect((await enqueueJob(db, { kind, createdBy: null, singletonKey: kind })).job.id).toBe(first.job.id);
    expect((await findActiveJob(db, kind))?.id).toBe(first.job.id);
    release.resolve();
    await jobs.idle();
    expect(await findActiveJob(db, kind)).toBeNull();
    expect((await findLatestJob(db, [kind]))?.status).toBe("succeeded");
    const next = await enqueueJob(db, { kind, createdBy: null, singletonKey: kind });
    expect(next.created).toBe(true);
    expect(next.job.id).not.toBe(first.job.id);
  });

  it("claims only the kinds this process has a handler for", async () => {
    const { db } = get();
    const unknown = uniqueKind("unknown");
    const { job } = await enqueueJob(db, { kind: unknown, createdBy: null });
    expect(await claimJob(db, { workerId: "w", kinds: [uniqueKind("other")] })).toBeNull();
    expect((await getJob(db, job.id))?.status).toBe("queued");
    await db.delete(adminJobs).where(eq(adminJobs.id, job.id));
  });

  it("runs again a job whose process died (its lease ran out), as a new attempt", async () => {
    const { db } = get();
    const kind = uniqueKind("dead");
    const { job } = await enqueueJob(db, { kind, createdBy: null });
    const claimed = await claimJob(db, { workerId: "dead-process", kinds: [kind] });
    expect(claimed).toMatchObject({ id: job.id, attempt: 1 });
    const attempts: number[] = [];
    const jobs = runner(db, [defineJobHandler({ kind, run: async (j) => void attempts.push(j.attempt) })]);
    // The lease is still good: nobody else takes the job.
    jobs.kick();
    await jobs.idle();
    expect(attempts).toEqual([]);
    // The dead process stops extending it; once it has run out, the job is taken over.
    await db.update(adminJobs).set({ lockedUntil: new Date(Date.now() - 1000) }).where(eq(adminJobs.id, job.id));
    jobs.kick();
    await jobs.idle();
    expect(attempts).toEqual([2]);
    expect((await getJob(db, job.id))?.status).toBe("succeeded");
  });

  it("marks failed a job interrupted too many times instead of running it again", async () => {
    const { db } = get();
    const kind = uniqueKind("doomed");
    const { job } = await enqueueJob(db, { kind, createdBy: null });
    await db.update(adminJobs).set({ status: "running", attempts: MAX_JOB_ATTEMPTS, lockedBy: "dead", lockedUntil: new Date(Date.now() - 1000) }).where(eq(adminJobs.id, job.id));
    let ran = false;
    const jobs = runner(db, [defineJobHandler({ kind, run: async () => void (ran = true) })]);
    jobs.kick();
    await jobs.idle();
    expect(ran).toBe(false);
    expect(await getJob(db, job.id)).toMatchObject({ status: "failed", error: jobMessages.interruptedTooOften });
  });

  it("stops a handler whose lease another process took, and never lets it overwrite the new owner's job", async () => {
    const { db } = get();
    const kind = uniqueKind("stolen");
    const reported = deferred();
    const goOn = deferred();
    let secondReport: unknown = null;
    const jobs = runner(db, [
      defineJobHandler({
        kind,
        async run(_job, { report }) {
          await report(1, 10);
          reported.resolve();
          await goOn.promise;
          try {
            await report(10, 10);
          } catch (error) {
            secondReport = error;
            throw error;
          }
          return { finished: true };
        },
      }),
    ]);
    const { job } = await enqueueJob(db, { kind, createdBy: null });
    jobs.kick();
    await reported.promise;
    await db.update(adminJobs).set({ lockedBy: "another-process" }).where(eq(adminJobs.id, job.id));
    goOn.resolve();
    await jobs.idle();
    expect(secondReport).toBeInstanceOf(Error);
    const [row] = await db.select().from(adminJobs).where(eq(adminJobs.id, job.id));
    expect(row).toMatchObject({ status: "running", lockedBy: "another-process", progressDone: 1, result: null });
  });

  it("gives a running job back when its process stops, and the next start finishes it", async () => {
    const { db } = get();
    const kind = uniqueKind("restart");
    const started = deferred();
    const first = runner(db, [
      defineJobHandler({
        kind,
        async run(_job, { report, signal }) {
          await report(2, 5);
          started.resolve();
          await new Promise((resolve) => signal.addEventListener("abort", resolve));
          await report(3, 5); // throws: the process is stopping
        },
      }),
    ]);
    const { job } = await enqueueJob(db, { kind, createdBy: null });
    first.kick();
    await started.promise;
    await first.stop();
    const [row] = await db.select().from(adminJobs).where(eq(adminJobs.id, job.id));
    expect(row).toMatchObject({ status: "queued", attempts: 0, lockedBy: null, progressDone: 2, progressTotal: 5 });
    const second = runner(db, [defineJobHandler({ kind, run: async (_j, { report }) => report(5, 5) })]);
    second.kick();
    await second.idle();
    expect(await getJob(db, job.id)).toMatchObject({ status: "succeeded", progress: { done: 5, total: 5 } });
  });

  it("on the only process of a database, takes back at start a job the previous run left running", async () => {
    const { db } = get();
    const kind = uniqueKind("exclusive");
    const { job } = await enqueueJob(db, { kind, createdBy: null });
    await claimJob(db, { workerId: "previous-run", kinds: [kind], leaseMs: 600_000 });
    const jobs = runner(db, [defineJobHandler({ kind, run: async () => ({ ok: true }) })], { exclusive: true });
    await jobs.idle();
    expect(await getJob(db, job.id)).toMatchObject({ status: "succeeded", result: { ok: true } });
  });

  it("GET /api/admin/jobs/:id answers an admin with the job's status and progress, 404 for an unknown id", async () => {
    const { db } = get();
    const auth = makeAuth(db);
    const context = makeContext(db, auth);
    const admin = await signedInAccount(db, auth, { admin: true });
    const { job } = await enqueueJob(db, { kind: uniqueKind("api"), payload: { source: "shoes" }, createdBy: admin.userId });
    await db.update(adminJobs).set({ status: "running", progressDone: 40, progressTotal: 120 }).where(eq(adminJobs.id, job.id));
    const ask = (id: string) =>
      settle(jobLoader(withUrl({ request: new Request(`${SHOP}/api/admin/jobs/${id}`, { headers: { cookie: admin.cookie } }), params: { id }, context }) as never));
    const answer = await ask(job.id);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.body).toMatchObject({ id: job.id, status: "running", progress: { done: 40, total: 120 }, result: null, error: null });
    // The payload (what the admin asked for) is not echoed: the page knows it.
    expect(answer.body).not.toHaveProperty("payload");
    expect(await ask("not-a-job")).toMatchObject({ status: 404, body: { error: jobMessages.notFound } });
  });
});

describe.runIf(availableEngines().includes("postgres"))("background jobs across two processes on one PostgreSQL", () => {
  let database: DatabaseHandle & { url?: string };
  let second: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    // A second connection pool to the same database stands in for a second app process.
    second = openDatabase({ kind: "postgres", url: database.url! });
  });
  afterAll(async () => {
    await Promise.all(runners.map((r) => r.stop()));
    await second?.close();
    await database?.close();
  });

  it("never hands one job to two claimers at once", async () => {
    const kind = uniqueKind("claim-race");
    const ids = new Set<string>();
    for (let i = 0; i < 6; i++) ids.add((await enqueueJob(database.db, { kind, createdBy: null })).job.id);
    const claims = await Promise.all(
      Array.from({ length: 12 }, (_, i) => claimJob(i % 2 ? database.db : second.db, { workerId: `w${i}`, kinds: [kind] })),
    );
    const claimed = claims.filter((c) => c !== null).map((c) => c.id);
    expect(claimed.sort()).toEqual([...ids].sort());
  });

  it("runs every job exactly once with two runners working at once", async () => {
    const kind = uniqueKind("run-race");
    const runs = new Map<string, number>();
    const handler = defineJobHandler({
      kind,
      async run(job, { report }) {
        runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
        await report(1, 1);
        return { by: "either" };
      },
    });
    const a = runner(database.db, [handler], { concurrency: 2 });
    const b = runner(second.db, [handler], { concurrency: 2 });
    const ids: string[] = [];
    for (let i = 0; i < 16; i++) ids.push((await enqueueJob(database.db, { kind, createdBy: null })).job.id);
    a.kick();
    b.kick();
    await expect.poll(async () => (await database.db.select().from(adminJobs).where(eq(adminJobs.kind, kind))).every((row) => row.status === "succeeded"), { timeout: 30_000 }).toBe(true);
    await Promise.all([a.idle(), b.idle()]);
    expect(ids.map((id) => runs.get(id))).toEqual(ids.map(() => 1));
  });

  it("queues one job for a singleton key however many processes ask at once", async () => {
    const kind = uniqueKind("single-race");
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => enqueueJob(i % 2 ? database.db : second.db, { kind, createdBy: null, singletonKey: kind })),
    );
    expect(new Set(answers.map((a) => a.job.id)).size).toBe(1);
    expect(answers.filter((a) => a.created)).toHaveLength(1);
    expect(await database.db.select().from(adminJobs).where(eq(adminJobs.kind, kind))).toHaveLength(1);
  });
});
