// React streams a page as many small chunks (about 2 KB each), and React Router's Express adapter
// writes each one and then calls `res.flush()`. Behind `compression` every write is a separate
// zlib call and every flush ends a compressed block, which together cost more CPU than rendering
// the page and made the output bigger (a 47 KB category page: ~1.0 ms and 7.3 KB with a flush per
// chunk, ~0.2 ms and 6.6 KB as one write). This middleware gathers what a response writes within
// one turn of the event loop and hands it on as one write followed by one flush: streaming still
// works (whatever is ready leaves at the end of the turn), without the cost per chunk. It is used
// for React Router's responses only; static files keep Express's own path.
import type { NextFunction, Request, Response } from "express";
import { writtenChunkToBuffer } from "./written-chunk.ts";

/** Past this much gathered data a write goes through at once, so backpressure still applies. */
const MAX_PENDING_BYTES = 64 * 1024;

type Flushable = Response & { flush?: () => void };
type AnyArgs = unknown[];

export function coalesceWrites(_req: Request, res: Response, next: NextFunction): void {
  const originalWrite = res.write as unknown as (...args: AnyArgs) => boolean;
  const originalEnd = res.end as unknown as (...args: AnyArgs) => Response;
  const originalFlush = (res as Flushable).flush;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let scheduled: NodeJS.Immediate | null = null;
  let flushRequested = false;

  const cancelScheduled = () => {
    if (scheduled) clearImmediate(scheduled);
    scheduled = null;
  };
  const takePending = (): Buffer | null => {
    if (pendingBytes === 0) return null;
    const joined = pending.length === 1 ? pending[0]! : Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    return joined;
  };
  const sendPending = (): boolean => {
    cancelScheduled();
    const data = takePending();
    const ok = data ? originalWrite.call(res, data) : true;
    if (flushRequested) originalFlush?.call(res);
    flushRequested = false;
    return ok;
  };
  /** Whatever was written or flushed in this turn leaves at its end. */
  const schedule = () => {
    scheduled ??= setImmediate(() => {
      scheduled = null;
      if (!res.writableEnded && !res.destroyed) sendPending();
    });
  };

  (res as Flushable).flush = () => {
    flushRequested = true;
    schedule();
  };

  res.write = ((...args: AnyArgs) => {
    const [chunk, encoding, callback] = args;
    const buffer = typeof encoding === "function" || typeof callback === "function" ? null : writtenChunkToBuffer(chunk, encoding);
    if (buffer === null || res.writableEnded) {
      // A write with a callback (or of an unusual type) keeps its exact meaning, in order.
      if (pendingBytes > 0) sendPending();
      return originalWrite.apply(res, args);
    }
    pending.push(buffer);
    pendingBytes += buffer.length;
    if (pendingBytes >= MAX_PENDING_BYTES) return sendPending();
    schedule();
    return true;
  }) as Response["write"];

  res.end = ((...args: AnyArgs) => {
    cancelScheduled();
    if (pendingBytes === 0) return originalEnd.apply(res, args);
    const [chunk, encoding, callback] = args;
    if (typeof chunk === "function") return (sendPending(), originalEnd.apply(res, args));
    const last = chunk === undefined || chunk === null ? null : writtenChunkToBuffer(chunk, encoding);
    if (last === null && chunk !== undefined && chunk !== null) return (sendPending(), originalEnd.apply(res, args));
    if (last) {
      pending.push(last);
      pendingBytes += last.length;
    }
    const done = typeof encoding === "function" ? encoding : callback;
    return done === undefined ? originalEnd.call(res, takePending()) : originalEnd.call(res, takePending(), done);
  }) as Response["end"];

  next();
}
