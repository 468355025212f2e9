// The one reader of a posted HTML form. `request.formData()` throws on any other content type
// (JSON, text/plain, none) and on a broken multipart body, which made every form action a 500.
import { data } from "react-router";
import { requestErrors } from "../../domain/messages/requests.ts";
import { mediaTypeOf } from "./api.ts";
import { formBodyIsUtf8 } from "./request-text.ts";

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/** The posted form; throws a 415 (not a form) or 400 (unreadable) answer with a plain message. */
export async function readFormData(request: Request): Promise<FormData> {
  if (!FORM_TYPES.has(mediaTypeOf(request))) throw data(requestErrors.formRequired, { status: 415 });
  if (!(await formBodyIsUtf8(request, mediaTypeOf(request)))) throw data(requestErrors.brokenForm, { status: 400 });
  try {
    return await request.formData();
  } catch (error) {
    // A client that went away (or a body cut at its size limit) is not the shopper's mistake to explain.
    if (request.signal.aborted) throw error;
    throw data(requestErrors.brokenForm, { status: 400 });
  }
}
