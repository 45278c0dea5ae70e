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
    expect(STAGES.map((stage) => stage.name)).toEqual(["typecheck", "lint", "check:alerts", "build", "size", "unit", "Playwright (Chromium)", "engines", "Node 24"]);
    // Side by side: the checks (the build after the generated types, the size after the build), then the engines
    // and Node 24, on ports of its own. The unit tests and the Chromium projects run alone.
    const groups = STAGES.map((stage) => `${stage.group ?? "-"}/${stage.lane ?? "-"}`);
    expect(groups).toEqual([
      "checks/types and build",
      "checks/lint",
      "checks/lint",
      "checks/types and build",
      "checks/types and build",
      "-/-",
      "-/-",
      "engines and Node 24/engines",
      "engines and Node 24/Node 24",
    ]);
    expect(Number(STAGES.at(-1)!.env!.E2E_PORT)).toBe(Number(process.env.E2E_PORT ?? 4173) + 20);
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
    expect(table).toMatch(/^ {2}slow {2,}\d+\.\d s {2}passed$/m);
    expect(table).toMatch(/^ {2}broken {2,}\d+\.\d s {2}failed \(exit 3\)$/m);
    expect(table).toMatch(/^ {2}never {2,}- {2}not run$/m);
  });

  it("runs a group's lanes side by side and each lane in order, each stage's output in one block", { timeout: 30_000 }, async () => {
    const order = join(dir, "order");
    const append = (text: string) => `require("fs").appendFileSync(${JSON.stringify(order)}, ${JSON.stringify(text)})`;
    const chatty = (name: string) => node(`let n = 0; const t = setInterval(() => { console.log("${name} line " + n); if (++n === 5) { clearInterval(t); ${append(name + ";")} } }, 200)`);
    const written: string[] = [];
    const write = process.stdout.write;
    process.stdout.write = ((chunk: string) => (written.push(String(chunk)), true)) as typeof process.stdout.write;
    let result: Awaited<ReturnType<typeof runStages>>;
    try {
      result = await runStages(
        [
          { name: "first", command: chatty("first"), group: "g", lane: "a" },
          { name: "other", command: chatty("other"), group: "g", lane: "b" },
          { name: "after first", command: node(append("after first;")), group: "g", lane: "a" },
          { name: "alone", command: node(append("alone;")) },
        ],
        { timingsDir: dir },
      );
    } finally {
      process.stdout.write = write;
    }
    const { code, rows, ms } = result;
    expect(code).toBe(0);
    expect(rows.map((row) => row.status)).toEqual(["passed", "passed", "passed", "passed"]);
    // Side by side: the group took about as long as its longest lane, not the sum of its stages.
    expect(rows[0]!.groupMs!).toBeLessThan(rows[0]!.ms! + rows[1]!.ms! - 200);
    const steps = readFileSync(order, "utf8").split(";").filter(Boolean);
    expect(steps.indexOf("after first")).toBeGreaterThan(steps.indexOf("first"));
    expect(steps.at(-1)).toBe("alone");
    // Each stage's lines together, between its header and its end.
    const output = written.join("");
    for (const name of ["first", "other"]) {
      expect(output).toContain(`== ${name}: its output\n${[0, 1, 2, 3, 4].map((n) => `${name} line ${n}\n`).join("")}== ${name}: end of its output`);
    }
    const table = formatTable(rows, ms);
    expect(table).toMatch(/^ {2}g, side by side {2,}\d+\.\d s {2}wall time of the group$/m);
    expect(table).toMatch(/^ {4}first {2,}\d+\.\d s {2}passed$/m);
    expect(table).toMatch(/^ {2}alone {2,}\d+\.\d s {2}passed$/m);
  });

  it("stops the other stages of a group when one fails, and runs nothing after it", { timeout: 30_000 }, async () => {
    const marker = join(dir, "slow-finished");
    const started = performance.now();
    const { code, rows } = await runStages(
      [
        { name: "slow", command: node(`setTimeout(() => require("fs").writeFileSync(${JSON.stringify(marker)}, ""), 20_000)`), group: "g", lane: "a" },
        { name: "broken", command: node("setTimeout(() => process.exit(4), 300)"), group: "g", lane: "b" },
        { name: "after broken", command: node("0"), group: "g", lane: "b" },
        { name: "next group", command: node("0") },
      ],
      { timingsDir: dir },
    );
    expect(code).toBe(4);
    expect(rows.map((row) => row.status)).toEqual(["stopped", "failed (exit 4)", "not run", "not run"]);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(existsSync(marker)).toBe(false);
    expect(formatTable(rows)).toMatch(/^ {4}after broken {2,}- {2}not run$/m);
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
