import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./scripts/chromium.mjs";

// Browser tests run Debian's Chromium (never a downloaded browser) against the production build
// served by the same server `npm start` runs, on loopback, with a throwaway SQLite file.
export const PORT = Number(process.env.E2E_PORT ?? 4173);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
const runDir = process.env.E2E_RUN_DIR ?? `test-results/run-${process.pid}`;
// Workers are separate processes with their own pid: hand them the run directory the servers were started with.
process.env.E2E_RUN_DIR = runDir;
/** The SQLite file of the main test server, for tests that read back what it stored. */
export const DATABASE_URL = `file:${runDir}/e2e.db`;
// Google's siteverify, replaced on loopback by e2e/support/fake-siteverify.mjs (the only server-side fake).
const SITEVERIFY_PORT = Number(process.env.E2E_SITEVERIFY_PORT ?? PORT + 1);
export const SITEVERIFY_URL = `http://127.0.0.1:${SITEVERIFY_PORT}/recaptcha/api/siteverify`;

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: [["list"]],
  timeout: 30_000,
  use: {
    baseURL: BASE_URL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } }],
  webServer: [
    {
      command: "node e2e/support/fake-siteverify.mjs",
      url: `http://127.0.0.1:${SITEVERIFY_PORT}/health`,
      reuseExistingServer: false,
      timeout: 10_000,
      env: { PORT: String(SITEVERIFY_PORT) },
    },
    {
      command: "node build/server/index.mjs",
      url: `${BASE_URL}/`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: {
        PORT: String(PORT),
        HOST: "127.0.0.1",
        LOG_LEVEL: "silent",
        DATABASE_URL,
        LEADS_MAIL_DIR: `${runDir}/mail`,
        RECAPTCHA_VERIFY_URL: SITEVERIFY_URL,
        RECAPTCHA_HOSTNAMES: "127.0.0.1",
        // Every test comes from 127.0.0.1, so the per-IP limit is tested on its own server (contact-api.spec.ts).
        CONTACT_RATE_LIMIT: "1000",
      },
    },
  ],
});
