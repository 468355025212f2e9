/** A Content-Type's media type without its parameters (`charset`, `boundary`), lower-cased; "" when none. */
export function mediaTypeOfHeader(contentType: string | null | undefined): string {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase();
}
