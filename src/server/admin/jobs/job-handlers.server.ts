// Every kind of background job this build can run. Each app process claims only the kinds listed
// here, so during a rolling deploy an older process never claims a job it cannot run.
// Add a handler (defineJobHandler in your feature folder) to this list; see jobs.server.ts.
import { catalogueImportJob } from "../catalogue-csv/catalogue-import-job.server.ts";
import { seedImportJob } from "../imports/seed-import-job.server.ts";
import { stripeSyncJob } from "../stripe/stripe-sync-job.server.ts";
import type { JobHandler } from "./jobs.server.ts";

export const JOB_HANDLERS: readonly JobHandler[] = [seedImportJob, catalogueImportJob, stripeSyncJob];
