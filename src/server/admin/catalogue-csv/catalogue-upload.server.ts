// Reads the spreadsheet an owner uploads: a text/csv body (what the page sends) or a multipart
// form with the file in "file" (curl -F, a plain HTML form). The size is checked before and after
// reading; the host lets these two addresses send up to the file limit plus a multipart envelope.
import { CATALOGUE_CSV_MAX_BYTES, CATALOGUE_CSV_MAX_BYTES_LABEL, decodeCsvBytes } from "../../../domain/admin/catalogue-csv.ts";
import { catalogueCsvErrors } from "../../../domain/messages/catalogue-csv.ts";
import { requestErrors } from "../../../domain/messages/requests.ts";
import { refusedFormField, isStorableText } from "../../../domain/text-rules.ts";
import { mediaTypeOfHeader } from "../../http/media-type.ts";

/** The host's body limit for the preview and import addresses (src/host/server.ts). */
export const CATALOGUE_UPLOAD_BODY_LIMIT = CATALOGUE_CSV_MAX_BYTES + 64 * 1024;
export const CATALOGUE_UPLOAD_PATHS: readonly string[] = ["/api/admin/products/import", "/api/admin/products/import/preview"];

// Browsers label a .csv file differently: Excel on Windows registers application/vnd.ms-excel.
const CSV_TYPES = new Set(["text/csv", "application/csv", "text/plain", "application/vnd.ms-excel", "application/octet-stream"]);

export type CatalogueUpload = { ok: true; text: string; name: string } | { ok: false; status: number; message: string };

const tooLarge = (): CatalogueUpload => ({ ok: false, status: 413, message: catalogueCsvErrors.fileTooLarge(CATALOGUE_CSV_MAX_BYTES_LABEL) });

/** The page sends the chosen file's name percent-encoded (a header holds ASCII only). */
function fileNameHeader(value: string | null): string {
  if (!value) return "upload.csv";
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The upload of a request the route has let through (another site's is refused there, otherSiteRefusal). */
export async function readCatalogueUpload(request: Request): Promise<CatalogueUpload> {
  const type = mediaTypeOfHeader(request.headers.get("content-type"));
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > CATALOGUE_UPLOAD_BODY_LIMIT) return tooLarge();
  let bytes: Uint8Array;
  let name = fileNameHeader(request.headers.get("x-file-name"));
  if (type === "multipart/form-data") {
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      return { ok: false, status: 400, message: catalogueCsvErrors.notCsv };
    }
    if (refusedFormField(form) !== null) return { ok: false, status: 400, message: requestErrors.unstorableText };
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0) return { ok: false, status: 400, message: catalogueCsvErrors.noFile };
    if (file.size > CATALOGUE_CSV_MAX_BYTES) return tooLarge();
    bytes = new Uint8Array(await file.arrayBuffer());
    name = file.name || name;
  } else if (CSV_TYPES.has(type)) {
    bytes = new Uint8Array(await request.arrayBuffer());
  } else {
    return { ok: false, status: 415, message: catalogueCsvErrors.notCsv };
  }
  if (bytes.byteLength > CATALOGUE_CSV_MAX_BYTES) return tooLarge();
  if (bytes.byteLength === 0) return { ok: false, status: 400, message: catalogueCsvErrors.noFile };
  const text = decodeCsvBytes(bytes);
  // PostgreSQL cannot store a NUL, and the import keeps the file's text in its job.
  if (!isStorableText(text)) return { ok: false, status: 400, message: catalogueCsvErrors.unstorable };
  return { ok: true, text, name: name.slice(0, 200) };
}
