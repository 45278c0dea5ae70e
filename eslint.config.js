import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "test-results/", "playwright-report/", "bench/node_modules/", "bench/reports/", "data/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["**/*.{js,mjs}", "scripts/**", "e2e/**", "test/**", "server/**", "*.config.ts"],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ["app/**/*.{ts,tsx}", "e2e/**", "test/**"],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // The test kit (fakes, servers, helpers) is for tests and benchmarks: product code never imports it. Tests
    // beside the code may; so may scripts/ensure-tools.mjs, the command that installs what the tests need.
    files: ["app/**", "server/**", "cms/**", "scripts/**"],
    ignores: ["**/*.test.{ts,tsx}", "scripts/ensure-tools.mjs"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ regex: "(^|/)test/support(/|$)", message: "test/support is the test kit: only tests and benchmarks import it." }] }],
      "no-restricted-syntax": ["error", { selector: "ImportExpression[source.value=/(^|\\/)test\\/support(\\/|$)/]", message: "test/support is the test kit: only tests and benchmarks import it." }],
    },
  },
);
