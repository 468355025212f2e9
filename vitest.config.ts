import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["src/**/*.test.ts", "tooling/**/*.test.ts"],
          environment: "node",
          // Test files share each worker's loaded modules instead of loading each afresh (38 s to
          // 6 s, decision 054): no module keeps state one file's tests could leave for another's.
          isolate: false,
        },
      },
      {
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/integration/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // PGlite instances are heavy (WASM); a couple of workers keeps 2 cores busy without thrashing.
          maxWorkers: 2,
          // As for the unit tests (410 s to 262 s, decision 054): the server's caches are keyed by
          // the database, the auth instance or the request, never held by a module, and a spy a
          // test leaves on console is undone before the next test.
          isolate: false,
          restoreMocks: true,
        },
      },
    ],
  },
});
