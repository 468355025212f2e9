// The answers of the share-picture routes (routes/share.*.ts).

export function jpegResponse(jpeg: Buffer, cacheControl: string): Response {
  return new Response(new Uint8Array(jpeg), {
    headers: { "Content-Type": "image/jpeg", "Content-Length": String(jpeg.length), "Cache-Control": cacheControl },
  });
}

/** A plain 404 (no page: the address is a picture's). */
export function notFound(): Response {
  return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}
