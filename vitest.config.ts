import { defineConfig } from "vitest/config";
import { uiIcons } from "./scripts/vite-plugin-ui-icons.ts";

// Unit and component tests (beside the code, *.test.ts[x]); browser tests live in e2e/ and run with Playwright.
export default defineConfig({
  // Components draw UI icons from the sprite whose URL this virtual module gives.
  plugins: [uiIcons()],
  resolve: { tsconfigPaths: true },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts", "cms/**/*.test.ts"],
    environment: "happy-dom",
    setupFiles: ["./vitest.setup.ts"],
  },
});
