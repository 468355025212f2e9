// An Express app on a free loopback port for host tests, and a way to stop it with its connections.
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import type { Express } from "express";

export async function listenOnLoopback(app: Express): Promise<{ base: string; close: () => Promise<void> }> {
  const server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
