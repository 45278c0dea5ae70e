import { defineConfig } from "vitest/config";
import { popoverPolyfill } from "./scripts/vite-plugin-popover-polyfill.ts";

// Unit and component tests (beside the code, *.test.ts[x]); browser tests live in e2e/ and run with Playwright.
export default defineConfig({
  // The root layout names the polyfill's URL in its head script.
  plugins: [popoverPolyfill()],
  resolve: { tsconfigPaths: true },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts", "cms/**/*.test.ts"],
    environment: "happy-dom",
    setupFiles: ["./vitest.setup.ts"],
  },
});
