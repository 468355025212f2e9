// The posted form of an admin page. Page actions answer only a readable form POST: another method
// or a body that is not a form is null (each page answers it with its own message), never a 5xx.
import { data } from "react-router";
import { requestErrors } from "../../domain/messages/requests.ts";
import { refusedFormField } from "../../domain/text-rules.ts";
import { mediaTypeOf } from "./api.ts";
import { formBodyIsUtf8 } from "./request-text.ts";

/**
 * The form, or null. A value, key or file name holding text no field may hold (a NUL, half a surrogate
 * pair, a bidirectional override: text-rules.ts) is thrown as the back office's one answer to it (docs/api.md), 400 `{ error }`: each
 * page's own "please fill in the fields" would send the owner looking for a fault that is not there.
 */
export async function readAdminForm(request: Request): Promise<FormData | null> {
  if (request.method !== "POST") return null;
  const unstorable = () => data({ error: requestErrors.unstorableText }, { status: 400, statusText: "Bad Request" });
  if (!(await formBodyIsUtf8(request, mediaTypeOf(request)))) throw unstorable();
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return null;
  }
  if (refusedFormField(form) !== null) throw unstorable();
  return form;
}
