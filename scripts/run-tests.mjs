// `npm test`: every stage CI runs, in order, stopping at the first that fails (with its exit code), then a table of
// what each stage took. The Playwright stages add their projects' times (test/support/timing-reporter.ts writes them
// to TEST_TIMINGS_FILE), so the table says where the time goes without running any project on its own.
import { spawn } from "node:child_process";
import { constants } from "node:os";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { delimiter, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

/** The stages of `npm test`. `timings`: a Playwright run whose per-project times go into the table. */
export const STAGES = [
  { name: "typecheck", command: "npm run typecheck" },
  { name: "lint", command: "npm run lint" },
  { name: "check:alerts", command: "npm run check:alerts" },
  { name: "unit", command: "npm run test:unit" },
  { name: "build", command: "npm run build" },
  { name: "size", command: "npm run size" },
  { name: "Playwright (Chromium)", command: "node scripts/ensure-tools.mjs --e2e chromium postgres && playwright test", timings: true },
  { name: "engines", command: "npm run test:engines", timings: true },
  { name: "Node 24", command: "npm run test:node24", timings: true },
];

export function formatDuration(ms) {
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(1)} s`;
  const minutes = Math.floor(s / 60);
  return `${minutes} min ${String(Math.round(s - minutes * 60)).padStart(2, "0")} s`;
}

function runOne(command, env) {
  return new Promise((done) => {
    const child = spawn(command, { shell: true, stdio: "inherit", env });
    // A CI runner's SIGTERM (or Ctrl-C in a terminal that does not signal the group) reaches the stage too.
    const forward = (signal) => child.kill(signal);
    process.on("SIGTERM", forward).on("SIGINT", forward);
    child.on("close", (code, signal) => {
      process.off("SIGTERM", forward).off("SIGINT", forward);
      done(code ?? 128 + (constants.signals[signal] ?? 0));
    });
  });
}

function readTimings(file) {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

/**
 * Runs the stages in order; returns the exit code of the first that failed (0 when all passed) and one row per
 * stage: `passed`, `failed` or `not run`, with its wall time and, for Playwright stages, its projects.
 */
export async function runStages(stages, { cwd = process.cwd(), timingsDir = join(cwd, "test-results", "timings") } = {}) {
  const rows = [];
  let code = 0;
  for (const [index, stage] of stages.entries()) {
    if (code !== 0) {
      rows.push({ name: stage.name, status: "not run" });
      continue;
    }
    const timingsFile = join(timingsDir, `${index}.json`);
    rmSync(timingsFile, { force: true });
    const env = { ...process.env, PATH: [resolve(cwd, "node_modules/.bin"), process.env.PATH].join(delimiter) };
    if (stage.timings) env.TEST_TIMINGS_FILE = timingsFile;
    else delete env.TEST_TIMINGS_FILE;
    process.stdout.write(`\n== ${stage.name}: ${stage.command}\n`);
    const started = performance.now();
    const exit = await runOne(stage.command, env);
    const row = { name: stage.name, status: exit === 0 ? "passed" : `failed (exit ${exit})`, ms: performance.now() - started };
    const timings = stage.timings ? readTimings(timingsFile) : undefined;
    if (timings) row.projects = timings.projects;
    rows.push(row);
    if (exit !== 0) code = exit;
  }
  return { code, rows };
}

/** The table printed at the end of `npm test`. */
export function formatTable(rows) {
  const lines = [];
  for (const row of rows) {
    lines.push([row.name, row.ms === undefined ? "-" : formatDuration(row.ms), row.status]);
    for (const project of row.projects ?? []) {
      lines.push([`  ${project.name}`, formatDuration(project.spanMs), `${project.tests} tests, ${formatDuration(project.sumMs)} of test time`]);
    }
  }
  const total = rows.reduce((sum, row) => sum + (row.ms ?? 0), 0);
  lines.push(["total", formatDuration(total), ""]);
  const widths = [0, 1].map((column) => Math.max(...lines.map((line) => line[column].length)));
  return [
    "Time per stage (a Playwright project's time is its span, first test start to last test end; projects overlap):",
    ...lines.map(([name, time, status]) => `  ${name.padEnd(widths[0])}  ${time.padStart(widths[1])}  ${status}`.trimEnd()),
  ].join("\n");
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { code, rows } = await runStages(STAGES);
  process.stdout.write(`\n${formatTable(rows)}\n`);
  process.exit(code);
}
