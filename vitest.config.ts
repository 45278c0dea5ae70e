import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { popoverPolyfill } from "./scripts/vite-plugin-popover-polyfill.ts";
import { uiIcons } from "./scripts/vite-plugin-ui-icons.ts";

// Unit and component tests (beside the code, *.test.ts[x]); browser tests live in e2e/ and run with Playwright.
export default defineConfig({
  // The root layout names the polyfill's URL in its head script; components draw UI icons from the sprite whose
  // URL the other virtual module gives.
  plugins: [popoverPolyfill(), uiIcons()],
  resolve: { tsconfigPaths: true },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts", "test/**/*.test.ts", "cms/**/*.test.ts", "staff/**/*.test.{ts,tsx}", "bench/**/*.test.ts"],
    environment: "happy-dom",
    setupFiles: ["./vitest.setup.ts"],
    // One PostgreSQL for the run instead of one per file that tests both engines (test/support/vitest-postgres.ts).
    globalSetup: ["./test/support/vitest-postgres.ts"],
    // Vitest's default is one worker per core but one: on the 2-core build machine, a single file at a time. Most
    // of the unit time is waiting (PostgreSQL, SMTP, timers), so two files side by side take 2/3 of the time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
