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
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts", "test/**/*.test.ts", "cms/**/*.test.ts", "staff/**/*.test.{ts,tsx}"],
    environment: "happy-dom",
    setupFiles: ["./vitest.setup.ts"],
  },
});
