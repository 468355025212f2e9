import { UPLOAD_LIMITS } from "../../domain/admin/upload-limits.ts";
import { adminProductEditor as text } from "../../domain/messages/admin.ts";
import { apiErrors } from "../../domain/messages/cart.ts";
import { requestErrors } from "../../domain/messages/requests.ts";
import { refusedFormField } from "../../domain/text-rules.ts";
import { requireAdminApi } from "../../server/admin/admin-guard.server.ts";
import { recordAdminAction } from "../../server/admin/audit/audit.server.ts";
import { storeUploadedImage, type UploadedImage } from "../../server/admin/products/image-upload.server.ts";
import { jsonError, mediaTypeOf, methodNotAllowed } from "../lib/api.ts";
import type { Route } from "./+types/api.admin.uploads";
import { appContext } from "../app-context.ts";
import { adminAllowOnly } from "../components/admin/admin-read-only.server.ts";

// POST /api/admin/uploads (multipart/form-data, files in fields named "files"; docs/api.md):
// product images, resized and stored (decision 025). Admins only.
export const loader = adminAllowOnly("POST");

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const admin = await requireAdminApi(app, request);
  if (request.method !== "POST") return methodNotAllowed("POST");
  const origin = request.headers.get("origin");
  if (origin !== null && origin !== new URL(app.config.publicUrl).origin) return jsonError(403, apiErrors.crossOrigin);
  if (mediaTypeOf(request) !== "multipart/form-data") return jsonError(415, text.uploadMultipartRequired);
  if (Number(request.headers.get("content-length") ?? 0) > UPLOAD_LIMITS.maxRequestBytes) return jsonError(413, apiErrors.tooLarge);

  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return jsonError(400, text.uploadMultipartRequired);
  }
  if (refusedFormField(form) !== null) return jsonError(400, requestErrors.unstorableText);
  const files = form.getAll("files").filter((value): value is File => typeof value !== "string");
  if (files.length === 0) return jsonError(400, text.uploadNoFiles);
  if (files.length > UPLOAD_LIMITS.maxFiles) return jsonError(400, text.uploadTooMany(UPLOAD_LIMITS.maxFiles));

  const images: UploadedImage[] = [];
  for (const file of files) {
    const stored = await storeUploadedImage(app.images, { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
    if (!stored.ok) {
      // The files before this one are stored and listed; the owner can send the rest again.
      await recordUploads(app.db, admin, images);
      return Response.json({ error: stored.message, images }, { status: stored.status });
    }
    images.push(stored.image);
  }
  await recordUploads(app.db, admin, images);
  return Response.json({ images }, { status: 201 });
}

async function recordUploads(db: Parameters<typeof recordAdminAction>[0], admin: { userId: string; email: string }, images: UploadedImage[]) {
  for (const image of images) {
    await recordAdminAction(db, {
      adminId: admin.userId,
      adminEmail: admin.email,
      action: "image.uploaded",
      subjectType: "image",
      subjectId: image.url,
      before: null,
      after: { name: image.name, width: image.width, height: image.height },
    });
  }
}
