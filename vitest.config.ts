import { defineConfig } from "vitest/config";

// Unit and component tests (beside the code, *.test.ts[x]); browser tests live in e2e/ and run with Playwright.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts", "cms/**/*.test.ts"],
    environment: "happy-dom",
    setupFiles: ["./vitest.setup.ts"],
  },
});
