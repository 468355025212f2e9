import { describe, expect, it } from "vitest";
import { loader } from "../../src/web/routes/api.health.ts";
import { createTestDatabase } from "../helpers/databases.ts";
import { routeContext } from "../helpers/route-context.ts";

type LoaderArgs = Parameters<typeof loader>[0];

function argsFor(db: unknown): LoaderArgs {
  return { request: new Request("http://shop.test/api/health"), params: {}, context: routeContext({ app: { db }, cspNonce: "" }) } as unknown as LoaderArgs;
}

describe("GET /api/health", () => {
  it('answers 200 {"status":"ok"} when the database answers', async () => {
    const handle = await createTestDatabase("pglite");
    const response = await loader(argsFor(handle.db));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
    expect(response.headers.get("cache-control")).toBe("no-store");
    await handle.close();
  });

  it("answers 503 when the database does not", async () => {
    const handle = await createTestDatabase("pglite");
    await handle.close();
    const response = await loader(argsFor(handle.db));
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "unavailable" });
  });
});
