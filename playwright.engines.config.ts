import { defineConfig } from "@playwright/test";
import base from "./playwright.config";
import type { EngineName } from "./test/support/engines";

/*
 * The browser tests in the two other engines visitors use (npm run test:engines): Firefox ESR and WebKitGTK from
 * Debian's packages (test/support/engines.ts), against the same servers as playwright.config.ts (PostgreSQL is not
 * needed here). One browser at a time: two cores cannot run two engines and the server without late frames.
 */
const servers = (Array.isArray(base.webServer) ? base.webServer : []).filter((server) => !server.command.includes("postgres"));

export default defineConfig<{ engineName: EngineName }>({
  testDir: "e2e/engines",
  fullyParallel: false,
  workers: 1,
  retries: base.retries,
  forbidOnly: base.forbidOnly,
  reporter: base.reporter,
  timeout: 60_000,
  projects: [
    { name: "firefox-esr", use: { engineName: "firefox" } },
    { name: "webkitgtk", use: { engineName: "webkit" } },
  ],
  webServer: servers,
  outputDir: "test-results/engines",
});
