// The posted form of an admin page. Page actions answer only a readable form POST: anything else
// (another method, a body that is not a form) is a 400, never a 5xx.
export async function readAdminForm(request: Request): Promise<FormData | null> {
  if (request.method !== "POST") return null;
  try {
    return await request.formData();
  } catch {
    return null;
  }
}
