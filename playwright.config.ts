import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { E2E_DATA_DIR_PREFIX } from "./tests/e2e/data-dir.ts";

const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = process.env.E2E_DATA_DIR ?? `${E2E_DATA_DIR_PREFIX}${process.pid}`;
// Workers re-read this file with their own pid: pin the directory so specs can find the outbox.
process.env.E2E_DATA_DIR = dataDir;

/**
 * Debian's Chromium in its headless-shell form when installed (Playwright's own default for
 * headless runs), else the full browser: the same engine, a third less CPU per journey (decision
 * 050). CHROMIUM_PATH picks another.
 */
const chromiumPath =
  process.env.CHROMIUM_PATH ?? ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((candidate) => existsSync(candidate)) ?? "/usr/bin/chromium";

/** Specs of the HTTP host itself: once, not once per browser. */
const HOST_SPECS = /host-.*\.spec\.ts$/;
/** Journeys that set the phone sizes they measure themselves: once, on the phone. */
const PHONE_SPECS = /\.phone\.spec\.ts$/;

// Journeys run against the production build on a fresh embedded database, in Debian's Chromium.
export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  outputDir: process.env.E2E_OUTPUT_DIR ?? "test-results",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // The list, then one "FLAKY: ..." line for each test that passed only on its retry (CI retries
  // once and stays green; tests/e2e/flaky-reporter.ts).
  reporter: [["list"], ["./tests/e2e/flaky-reporter.ts"]],
  timeout: 30_000,
  // A check waits up to 10 s for what the user should see (the default is 5 s): on a loaded machine
  // a navigation's transition or an image's decode can take longer, and a check that passes stops
  // waiting as soon as it does.
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A failed journey keeps its trace: each action's DOM snapshot, network and console, without the
    // filmstrip. The filmstrip is a screencast of every frame, encoded while each test runs, and it
    // was the suite's largest single cost of CPU (decision 053). CI records it on the retry of a
    // failed journey only, as recording every journey cost a tenth of the suite's CPU (decision 054).
    trace: { mode: process.env.CI ? "on-first-retry" : "retain-on-failure", screenshots: false, snapshots: true, sources: true },
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  projects: [
    { name: "desktop", testIgnore: [HOST_SPECS, PHONE_SPECS], use: { ...devices["Desktop Chrome"], channel: undefined } },
    // A 390 px phone with touch and a phone's user agent, drawn at one device pixel per CSS pixel:
    // the layout is the same at any density, and Pixel 7's 2.625 made every frame 7 times the pixels
    // (decision 053).
    { name: "mobile", testIgnore: HOST_SPECS, use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, channel: undefined } },
    // HTTP only, no browser, each against a production server of its own (tests/helpers/built-server.ts).
    { name: "host", testMatch: HOST_SPECS },
  ],
  webServer: {
    command: `rm -rf ${dataDir} && node build/host/server.js`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ADMIN_EMAIL: "admin@shop.test",
      ADMIN_PASSWORD: "e2e-admin-password",
      // Every journey checks out from 127.0.0.1: the per-address limit (counted all the same) is
      // set past what the suite starts, and the payment checks it sets with it (3 per checkout);
      // integration tests hold it to the default.
      CHECKOUT_LIMIT: "100000",
      // Sign-ups are limited to 20 an hour per address, and the suite makes more accounts than
      // that: signUpThroughForm names an address of its own for each (X-Forwarded-For, trusted
      // from this machine only), so the limit holds for every address as it does in production.
      TRUST_PROXY: "loopback",
    },
  },
});
