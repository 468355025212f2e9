// The answers of the share-picture routes (routes/share.*.ts).
import { ShareDrawBusy } from "../../server/seo/share-image.server.ts";

export function jpegResponse(jpeg: Buffer, cacheControl: string): Response {
  return new Response(new Uint8Array(jpeg), {
    headers: { "Content-Type": "image/jpeg", "Content-Length": String(jpeg.length), "Cache-Control": cacheControl },
  });
}

/** A plain 404 (no page: the address is a picture's). */
export function notFound(): Response {
  return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

/** Too many pictures are being drawn: try again in a moment (a crawler honours Retry-After). */
export function busy(): Response {
  return new Response("Service Unavailable", { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Retry-After": "5" } });
}

/** The route's answer, or busy() when the picture queue turned it away. */
export async function unlessBusy(answer: () => Promise<Response>): Promise<Response> {
  try {
    return await answer();
  } catch (error) {
    if (error instanceof ShareDrawBusy) return busy();
    throw error;
  }
}
