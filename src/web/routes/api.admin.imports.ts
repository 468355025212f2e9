import { isSeedImportSource } from "../../domain/admin/seed-imports.ts";
import { seedImportTexts } from "../../domain/messages/admin-imports.ts";
import { requireAdminApi } from "../../server/admin/admin-guard.server.ts";
import { startSeedImport } from "../../server/admin/imports/seed-import-admin.server.ts";
import { jsonError, jsonFields, methodNotAllowed, readJsonMutation } from "../lib/api.ts";
import { appContext } from "../app-context.ts";
import type { Route } from "./+types/api.admin.imports";
import { adminAllowOnly } from "../components/admin/admin-read-only.server.ts";

// POST /api/admin/imports { source } (docs/api.md): queues a seed import as a background job and
// answers its id at once; the page follows it with GET /api/admin/jobs/:id. Admins only.
export const loader = adminAllowOnly("POST");

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const admin = await requireAdminApi(app, request);
  if (request.method !== "POST") return methodNotAllowed("POST");
  const body = await readJsonMutation(request, app.config.publicUrl);
  if (!body.ok) return body.response;
  const { source } = jsonFields(body.body);
  if (!isSeedImportSource(source)) return jsonError(400, seedImportTexts.unknownSource);
  const { job, created } = await startSeedImport(app.db, admin, source);
  app.kickJobs();
  return Response.json({ jobId: job.id, job, created }, { status: created ? 202 : 200, headers: { "Cache-Control": "no-store" } });
}
