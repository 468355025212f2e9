// Several suites run only where PostgreSQL's server binaries are installed (describe.runIf on
// availableEngines() or findPostgresBinDir(): the outage, restart, two-process and lock tests, and
// every suite's PostgreSQL half). Without this check, a CI image that lost the binaries would
// report those suites as skipped and the run as green. On a developer's machine they may be
// missing, and the suites then run on PGlite only (tests/integration/global-setup.ts says so).
import { describe, expect, it } from "vitest";
import { availableEngines } from "../helpers/databases.ts";
import { findPostgresBinDir } from "../helpers/postgres-server.ts";

describe("PostgreSQL in CI", () => {
  it.runIf(Boolean(process.env.CI))("is installed and running, so no PostgreSQL-only suite is skipped", () => {
    expect(findPostgresBinDir(), "PostgreSQL server binaries under /usr/lib/postgresql/<version>/bin").not.toBeNull();
    expect(availableEngines(), "engines the integration suites run on").toContain("postgres");
  });
});
