import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./scripts/chromium.mjs";
import type { SiteDataOptions } from "./test/support/site-data";

// Browser tests run Debian's Chromium (never a downloaded browser) against the production build
// served by the same server `npm start` runs, on loopback, with a throwaway SQLite file.
export const PORT = Number(process.env.E2E_PORT ?? 4173);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
const runDir = process.env.E2E_RUN_DIR ?? `test-results/run-${process.pid}`;
// Workers are separate processes with their own pid: hand them the run directory the servers were started with.
process.env.E2E_RUN_DIR = runDir;
/** The SQLite file of the main test server, for tests that read back what it stored. */
export const DATABASE_URL = `file:${runDir}/e2e.db`;
/** Where the main servers write their .eml previews (sign-in links among them): sqlite's and postgres's. */
export const MAIL_DIR = `${runDir}/mail`;
export const PG_MAIL_DIR = `${runDir}/mail-pg`;
// Google's siteverify, replaced on loopback by test/support/fake-siteverify.mjs (the only server-side fake).
const SITEVERIFY_PORT = Number(process.env.E2E_SITEVERIFY_PORT ?? PORT + 1);
export const SITEVERIFY_URL = `http://127.0.0.1:${SITEVERIFY_PORT}/recaptcha/api/siteverify`;
// The "postgres" project runs the contact API and delivery suites again on PostgreSQL: a throwaway server
// (started once per run by test/support/postgres-webserver.mjs) and a second main server on it.
const PG_PORT = Number(process.env.E2E_PG_PORT ?? PORT + 3);
const PG_APP_PORT = Number(process.env.E2E_PG_APP_PORT ?? PORT + 2);
// The staff workspace of each main server, on its own origin (localhost: WebAuthn refuses an IP address).
export const STAFF_PORT = Number(process.env.E2E_STAFF_PORT ?? PORT + 4);
export const STAFF_URL = `http://localhost:${STAFF_PORT}`;
const PG_STAFF_PORT = Number(process.env.E2E_PG_STAFF_PORT ?? PORT + 5);
/** The workspace of the "postgres" project's main server. */
export const PG_STAFF_URL = `http://localhost:${PG_STAFF_PORT}`;
/** PostgreSQL of this run, without a database: tests create one each (servers.ts). */
export const POSTGRES_URL = `postgres://postgres@127.0.0.1:${PG_PORT}`;
/** The database of the main server of the "postgres" project. */
export const POSTGRES_DATABASE_URL = `${POSTGRES_URL}/e2e_main`;
const postgresSpecs = /(contact-api|lead-delivery|lead-follow-up|multi-instance|operations|lead-reminders|staff-leads-postgres)\.spec\.ts$/;
// The weekly insights report needs several instances on one PostgreSQL: it runs there only.
const insightsPostgresSpecs = /insights-report\.spec\.ts$/;
// E2E_ENGINES=sqlite skips PostgreSQL entirely (a quick local run); CI runs both.
const withPostgres = (process.env.E2E_ENGINES ?? "sqlite,postgres").includes("postgres");

const mainServerEnv = {
  HOST: "127.0.0.1",
  LOG_LEVEL: "silent",
  RECAPTCHA_VERIFY_URL: SITEVERIFY_URL,
  RECAPTCHA_HOSTNAMES: "127.0.0.1",
  // Every test comes from 127.0.0.1, so the per-IP limit is tested on its own server (contact-api.spec.ts).
  CONTACT_RATE_LIMIT: "1000",
  // The same for the workspace's sign-in links (per address and per client): limits are tested on a server of their own.
  STAFF_SIGN_IN_LIMIT: "1000",
  STAFF_SIGN_IN_CLIENT_LIMIT: "1000",
};

const desktop = { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } };
const timingSpecs = /navigation\.spec\.ts$/;
const editorSpecs = /editor\.spec\.ts$/;
const liveEditorSpecs = /editor-github\.spec\.ts$/;
const noScriptSpecs = /no-script\.spec\.ts$/;
const storageBlockedSpecs = /storage-blocked\.spec\.ts$/;
// Firefox ESR and WebKitGTK have their own config and command (playwright.engines.config.ts, npm run test:engines).
const engineSpecs = /e2e\/engines\/[^/]+\.spec\.ts$/;

export default defineConfig<SiteDataOptions>({
  testDir: "e2e",
  fullyParallel: true,
  // E2E_WORKERS overrides the count (locally Playwright's default, half the cores). CI's is 4 on 2 cores: most
  // tests wait on throttled networks, timers and servers, so more browsers fill the idle time (scroll-timing,
  // which measures frames, still runs last and one test at a time).
  workers: Number(process.env.E2E_WORKERS) || (process.env.CI ? 4 : undefined),
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  // The list as it runs, then where the time went (per project and spec file; scripts/run-tests.mjs reads it too).
  reporter: [["list"], ["./test/support/timing-reporter.ts"]],
  timeout: 30_000,
  use: {
    baseURL: BASE_URL,
    // Recording a trace costs about 15 % of every test's time (contact-form and content specs: 117 s of tests
    // without, 137 s with). CI retries a failed test once and records that retry; a local run keeps a failure's.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
  projects: [
    {
      name: "chromium",
      // Several instances need a shared database: that spec runs on PostgreSQL only. Scroll timing runs on its own, last.
      testIgnore: [/multi-instance\.spec\.ts$/, /lead-reminders\.spec\.ts$/, /staff-leads-postgres\.spec\.ts$/, insightsPostgresSpecs, timingSpecs, editorSpecs, liveEditorSpecs, noScriptSpecs, storageBlockedSpecs, engineSpecs],
      metadata: { engine: "sqlite" },
      use: { ...desktop },
    },
    ...(withPostgres
      ? [
          {
            name: "postgres",
            testMatch: [postgresSpecs, insightsPostgresSpecs],
            // What does not depend on the store (validation, headers, start-up refusals) runs in "chromium" only.
            grepInvert: /@any-store/,
            metadata: { engine: "postgres" },
            use: { baseURL: `http://127.0.0.1:${PG_APP_PORT}` },
          },
        ]
      : []),
    {
      // The content editor (npm run cms) and the dev site, on a temporary copy of the content, one test at a time.
      name: "editor",
      testMatch: editorSpecs,
      fullyParallel: false,
      metadata: { engine: "sqlite" },
      use: { ...desktop },
    },
    {
      // The live editor (build/server/editor.mjs, GitHub mode) against a fake GitHub on a real git repository, in order.
      name: "editor-github",
      testMatch: liveEditorSpecs,
      fullyParallel: false,
      metadata: { engine: "sqlite" },
      use: { ...desktop },
    },
    {
      // The site as a visitor with JavaScript turned off gets it: every page readable, the menu and section links working.
      name: "no-script",
      testMatch: noScriptSpecs,
      metadata: { engine: "sqlite" },
      use: { ...desktop, javaScriptEnabled: false },
    },
    {
      // A browser that blocks site data ("block all cookies"): touching sessionStorage or localStorage throws.
      // Every kind of page, the phone menu and the contact form still work; an enhancement that fails is skipped.
      name: "storage-blocked",
      testMatch: storageBlockedSpecs,
      metadata: { engine: "sqlite" },
      use: { ...desktop, siteData: "blocked" },
    },
    {
      // The navigation tests measure pauses and eased scrolls in frames: with other browsers and servers busy on two
      // cores, animation frames arrive late. So they run after everything else, one test at a time.
      name: "scroll-timing",
      testMatch: timingSpecs,
      fullyParallel: false,
      dependencies: ["chromium", "editor", "editor-github", "no-script", "storage-blocked", ...(withPostgres ? ["postgres"] : [])],
      metadata: { engine: "sqlite" },
      use: { ...desktop },
    },
  ],
  webServer: [
    {
      command: "node test/support/fake-siteverify.mjs",
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
      env: { ...mainServerEnv, PORT: String(PORT), STAFF_PORT: String(STAFF_PORT), DATABASE_URL, LEADS_MAIL_DIR: MAIL_DIR, PREVIOUS_ASSETS_DIR: `${runDir}/previous-assets` },
    },
    ...(withPostgres
      ? [
          {
            command: "node test/support/postgres-webserver.mjs",
            url: `http://127.0.0.1:${PG_APP_PORT}/`,
            reuseExistingServer: false,
            timeout: 60_000,
            // SIGTERM, so the wrapper can stop PostgreSQL and remove its folder.
            gracefulShutdown: { signal: "SIGTERM" as const, timeout: 15_000 },
            env: { ...mainServerEnv, PORT: String(PG_APP_PORT), STAFF_PORT: String(PG_STAFF_PORT), PG_PORT: String(PG_PORT), LEADS_MAIL_DIR: PG_MAIL_DIR },
          },
        ]
      : []),
  ],
});
