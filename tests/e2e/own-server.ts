import { test } from "@playwright/test";
import { startBuiltServer, type BuiltServer } from "../helpers/built-server.ts";

/**
 * A production server of the spec file's own (tests/helpers/built-server.ts), started before its
 * first test and stopped after its last: for tests that would disturb the journeys' shared server.
 */
export function ownServer(env: Record<string, string> = {}): () => BuiltServer {
  let server: BuiltServer | undefined;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startBuiltServer(env);
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  return () => {
    if (!server) throw new Error("the spec's own server did not start");
    return server;
  };
}
