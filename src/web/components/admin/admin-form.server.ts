// The posted form of an admin page. Page actions answer only a readable form POST: another method
// or a body that is not a form is no form (each page answers it with its own message), never a 5xx.
import { requestErrors } from "../../../domain/messages/requests.ts";
import { refusedFormField } from "../../../domain/text-rules.ts";
import { mediaTypeOf } from "../../lib/api.ts";
import { formBodyIsUtf8 } from "../../lib/request-text.ts";

/**
 * Text no field may hold (a NUL, half a surrogate pair, a bidirectional override: text-rules.ts),
 * or bytes that are not UTF-8: the back office's one message for it (docs/api.md), and the field
 * it was found in when the page has one by that name. Each page answers it as it answers its
 * other refusals (400 with the form's inline error), so the owner sees the form again, not the
 * error screen; each page's own "please fill in the fields" would send them looking for a fault
 * that is not there.
 */
export type AdminFormRefusal = { message: string; field: string | null };

/**
 * The form (null when the request is no readable form POST) and its refusal. A refused form is
 * still read when it can be, so the page knows which of its forms (the intent) to answer; its
 * values are never used.
 */
export type AdminFormPost = { form: FormData | null; refusal: AdminFormRefusal | null };

export async function readAdminForm(request: Request): Promise<AdminFormPost> {
  if (request.method !== "POST") return { form: null, refusal: null };
  const isUtf8 = await formBodyIsUtf8(request, mediaTypeOf(request));
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return { form: null, refusal: isUtf8 ? null : { message: requestErrors.unstorableText, field: null } };
  }
  if (!isUtf8) return { form, refusal: { message: requestErrors.unstorableText, field: null } };
  const field = refusedFormField(form);
  return { form, refusal: field === null ? null : { message: requestErrors.unstorableText, field } };
}
