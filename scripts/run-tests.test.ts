import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { formatTable, runStages, STAGES } from "./run-tests.mjs";

// `npm test`'s runner (scripts/run-tests.mjs) with stages of its own: real child processes, and a real Playwright
// run (tests without a browser) for the per-project times that the timing reporter hands over.
const dir = resolve(`test-results/run-tests-${process.pid}`);
mkdirSync(dir, { recursive: true });
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const node = (code: string) => `node -e ${JSON.stringify(code)}`;

describe("npm test's runner", () => {
  it("runs the stages CI runs, in order, and `npm test` is the runner", () => {
    expect(STAGES.map((stage) => stage.name)).toEqual(["typecheck", "lint", "check:alerts", "unit", "build", "size", "Playwright (Chromium)", "engines", "Node 24"]);
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
    expect(pkg.scripts.test).toBe("node scripts/run-tests.mjs");
  });

  it("stops at the first stage that fails, with its exit code, and times the stages that ran", { timeout: 30_000 }, async () => {
    const marker = join(dir, "third-ran");
    const { code, rows } = await runStages(
      [
        { name: "slow", command: node("setTimeout(() => {}, 300)") },
        { name: "broken", command: node("process.exit(3)") },
        { name: "never", command: node(`require("fs").writeFileSync(${JSON.stringify(marker)}, "")`) },
      ],
      { timingsDir: dir },
    );
    expect(code).toBe(3);
    expect(rows.map((row) => row.status)).toEqual(["passed", "failed (exit 3)", "not run"]);
    expect(rows[0]!.ms).toBeGreaterThanOrEqual(300);
    expect(existsSync(marker)).toBe(false);
    const table = formatTable(rows);
    expect(table).toMatch(/^ {2}slow {2,}0\.\d s {2}passed$/m);
    expect(table).toMatch(/^ {2}broken {2,}\d+\.\d s {2}failed \(exit 3\)$/m);
    expect(table).toMatch(/^ {2}never {2,}- {2}not run$/m);
  });

  it("puts each Playwright project's time into the table, from the timing reporter", { timeout: 60_000 }, async () => {
    writeFileSync(
      join(dir, "timing.config.ts"),
      `import { defineConfig } from "@playwright/test";
export default defineConfig({
  testDir: ".", testMatch: /timing\\.spec\\.ts$/, workers: 2, fullyParallel: true,
  reporter: [["dot"], [${JSON.stringify(resolve("test/support/timing-reporter.ts"))}]],
  outputDir: "out",
  projects: [{ name: "quick" }, { name: "slow", use: {} }],
});\n`,
    );
    writeFileSync(
      join(dir, "timing.spec.ts"),
      `import { test } from "@playwright/test";
for (const n of [1, 2, 3]) test(\`waits \${n}\`, async ({}, info) => { await new Promise((r) => setTimeout(r, info.project.name === "slow" ? 400 : 50)); });
test("skipped", () => { test.skip(); });\n`,
    );
    const { code, rows } = await runStages([{ name: "browser", command: `playwright test -c ${JSON.stringify(join(dir, "timing.config.ts"))}`, timings: true }], { timingsDir: dir });
    expect(code).toBe(0);
    const projects = Object.fromEntries(rows[0]!.projects!.map((project) => [project.name, project]));
    expect(Object.keys(projects).sort()).toEqual(["quick", "slow"]);
    expect(projects.slow!.tests).toBe(3);
    expect(projects.slow!.sumMs).toBeGreaterThanOrEqual(1200);
    expect(projects.quick!.sumMs).toBeLessThan(projects.slow!.sumMs);
    expect(projects.slow!.spanMs).toBeGreaterThanOrEqual(400);
    const table = formatTable(rows);
    expect(table).toMatch(/^ {4}slow {2,}\d+\.\d s {2}3 tests, \d+\.\d s of test time$/m);
    expect(table).toMatch(/^ {2}total /m);
  });
});
