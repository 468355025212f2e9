// The posted form of an admin page. Page actions answer only a readable form POST: anything else
// (another method, a body that is not a form, a form holding a NUL PostgreSQL cannot store) is a
// 400, never a 5xx.
import { formHoldsUnstorableText } from "../../domain/text-rules.ts";

export async function readAdminForm(request: Request): Promise<FormData | null> {
  if (request.method !== "POST") return null;
  try {
    const form = await request.formData();
    return formHoldsUnstorableText(form) ? null : form;
  } catch {
    return null;
  }
}
