// Stopping the shop (a deploy, a scale-in, Ctrl-C) without cutting a shopper's checkout or an
// owner's export in half: no new connections are taken, requests under way are answered, each
// keep-alive connection is closed as soon as it is idle, and only what is still busy when the
// grace period ends is cut.
import type { Server } from "node:http";

/** How often idle keep-alive connections are looked for while draining. */
const IDLE_SWEEP_MS = 100;

/** Resolves once every connection has closed, with how many had to be cut at the deadline (0: none). */
export function drainThenClose(server: Server, graceMs: number): Promise<number> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (cut: number) => {
      if (settled) return;
      settled = true;
      clearInterval(sweep);
      clearTimeout(deadline);
      resolve(cut);
    };
    server.close(() => finish(0));
    // A connection whose request ends during the drain stays open for its next request: close it
    // as soon as it is idle again.
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    const deadline = setTimeout(() => {
      server.getConnections((_error, count) => {
        server.closeAllConnections();
        finish(count);
      });
    }, graceMs);
  });
}
