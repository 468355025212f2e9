// Request bodies are read as strict UTF-8. A browser never sends bytes that are not well-formed
// UTF-8, nor percent-escapes of such bytes in a form; the platform's readers quietly turn them
// into "�", which was then stored (a shop name that read "���"). Such a body is refused instead.
/** The bytes as text, or null when they are not well-formed UTF-8. */
export function strictUtf8(bytes: ArrayBuffer | Uint8Array): string | null {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** Whether every percent-escape of a form body spells well-formed UTF-8 (`%ED%A0%80` and `%FF` do not). */
export function formEscapesAreUtf8(body: string): boolean {
  try {
    decodeURIComponent(body.replace(/\+/g, " "));
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether a posted url-encoded form (`mediaType`, as api.ts's mediaTypeOf reads it) is well-formed
 * UTF-8; a multipart body carries files, and is not read here.
 */
export async function formBodyIsUtf8(request: Request, mediaType: string): Promise<boolean> {
  if (mediaType !== "application/x-www-form-urlencoded") return true;
  const text = strictUtf8(await request.clone().arrayBuffer());
  return text !== null && formEscapesAreUtf8(text);
}
