/**
 * What a `res.write(chunk, encoding)` call hands over, as a Buffer (a view, not a copy, of a
 * Uint8Array, as Node's own stream buffering keeps it); null for anything else.
 */
export function writtenChunkToBuffer(chunk: unknown, encoding: unknown): Buffer | null {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (typeof chunk === "string") return Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return null;
}
