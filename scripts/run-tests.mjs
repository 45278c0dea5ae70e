// `npm test`: every stage CI runs, stopping at the first that fails (with its exit code), then a table of what each
// stage took. Stages that share a `group` run side by side (each `lane` of the group in order, the lanes at once):
// what mostly waits (unit tests on PostgreSQL and timers, the engines' one browser) overlaps other work on the two
// cores of a build machine. The Playwright stages add their projects' times (test/support/timing-reporter.ts writes
// them to TEST_TIMINGS_FILE), so the table says where the time goes without running any project on its own.
import { spawn } from "node:child_process";
import { constants } from "node:os";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { delimiter, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

/** Playwright's ports of a stage that runs beside another Playwright stage: its own block (playwright.config.ts). */
const basePort = Number(process.env.E2E_PORT ?? 4173);
const ownPorts = { E2E_PORT: String(basePort + 20), E2E_SITEVERIFY_PORT: undefined, E2E_PG_APP_PORT: undefined, E2E_PG_PORT: undefined, E2E_STAFF_PORT: undefined, E2E_PG_STAFF_PORT: undefined };

/**
 * The stages of `npm test`. `timings`: a Playwright run whose per-project times go into the table. `group`: stages
 * run side by side with the other stages of their group (consecutive in this list); `lane`: stages of one lane run
 * one after the other (build needs the types generated first; size needs the build). `env`: set (or, undefined,
 * removed) for that stage.
 */
export const STAGES = [
  // Two single-threaded checks on two cores. The unit tests run alone: several compute for seconds under a 5 s
  // limit, which the type check, lint and build beside them pushed past on a loaded machine.
  { name: "typecheck", command: "npm run typecheck", group: "checks", lane: "types and build" },
  { name: "lint", command: "npm run lint", group: "checks", lane: "lint" },
  { name: "check:alerts", command: "npm run check:alerts", group: "checks", lane: "lint" },
  { name: "build", command: "npm run build", group: "checks", lane: "types and build" },
  { name: "size", command: "npm run size", group: "checks", lane: "types and build" },
  { name: "unit", command: "npm run test:unit" },
  // Alone: its projects keep the two cores busy, and its scroll-timing project measures frames at the end.
  { name: "Playwright (Chromium)", command: "node scripts/ensure-tools.mjs --e2e chromium postgres && playwright test", timings: true },
  // The engines drive one browser at a time; Node 24's unit tests mostly wait. Node 24's contact API run gets its
  // own ports, and its own output folder (scripts/test-node24.sh): Playwright empties its output folder at start.
  { name: "engines", command: "npm run test:engines", timings: true, group: "engines and Node 24", lane: "engines" },
  { name: "Node 24", command: "npm run test:node24", timings: true, group: "engines and Node 24", lane: "Node 24", env: ownPorts },
];

export function formatDuration(ms) {
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(1)} s`;
  const minutes = Math.floor(s / 60);
  return `${minutes} min ${String(Math.round(s - minutes * 60)).padStart(2, "0")} s`;
}

/**
 * Runs one command. Alone, its output goes straight to ours. Beside others (`buffered`), it runs in a process group
 * of its own (so `stop()` ends everything it started) and its output is kept, then printed as one block when it
 * ends, so that two stages' lines never interleave.
 */
function runOne(command, env, { buffered = false, label = "" } = {}) {
  const child = spawn(command, { shell: true, stdio: buffered ? ["ignore", "pipe", "pipe"] : "inherit", env, detached: buffered });
  const chunks = [];
  if (buffered) {
    child.stdout.on("data", (chunk) => chunks.push(chunk));
    child.stderr.on("data", (chunk) => chunks.push(chunk));
  }
  const signalAll = (signal) => {
    try {
      if (buffered) process.kill(-child.pid, signal);
      else child.kill(signal);
    } catch {
      // Already gone.
    }
  };
  // A CI runner's SIGTERM (or Ctrl-C in a terminal that does not signal the group) reaches the stage too.
  process.on("SIGTERM", signalAll).on("SIGINT", signalAll);
  let stopped = false;
  const done = new Promise((resolveExit) => {
    child.on("close", (code, signal) => {
      process.off("SIGTERM", signalAll).off("SIGINT", signalAll);
      if (buffered) {
        const output = Buffer.concat(chunks).toString("utf8");
        process.stdout.write(`\n== ${label}: its output\n${output}${output.endsWith("\n") || !output ? "" : "\n"}== ${label}: end of its output\n`);
      }
      resolveExit({ exit: code ?? 128 + (constants.signals[signal] ?? 0), stopped });
    });
  });
  return {
    done,
    stop() {
      stopped = true;
      // SIGINT, as Ctrl-C: Playwright then stops the web servers it started (on SIGTERM it left them running).
      signalAll("SIGINT");
    },
  };
}

function readTimings(file) {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

/** Consecutive stages with the same `group` (a stage without one is a group of its own). */
function groupsOf(stages) {
  const groups = [];
  for (const [index, stage] of stages.entries()) {
    const last = groups.at(-1);
    if (stage.group !== undefined && last?.name === stage.group) last.members.push({ stage, index });
    else groups.push({ name: stage.group, members: [{ stage, index }] });
  }
  return groups;
}

/**
 * Runs the stages, groups side by side; returns the exit code of the first that failed (0 when all passed), the
 * wall time, and one row per stage: `passed`, `failed`, `stopped` (its group had a failure) or `not run`, with its
 * wall time and, for Playwright stages, its projects; the rows of a group that ran side by side share `group`, with
 * the group's wall time in `groupMs`.
 */
export async function runStages(stages, { cwd = process.cwd(), timingsDir = join(cwd, "test-results", "timings") } = {}) {
  const rows = stages.map((stage) => ({ name: stage.name, status: "not run" }));
  const groups = groupsOf(stages);
  for (const group of groups) {
    if (group.members.length > 1) for (const { index } of group.members) rows[index].group = group.name;
  }
  let code = 0;
  const started = performance.now();
  for (const group of groups) {
    if (code !== 0) break;
    const sideBySide = group.members.length > 1;
    const groupStarted = performance.now();
    const lanes = new Map();
    for (const member of group.members) {
      const key = member.stage.lane ?? member.stage.name;
      lanes.set(key, [...(lanes.get(key) ?? []), member]);
    }
    const running = new Set();
    let failed = false;
    const runLane = async (members) => {
      for (const { stage, index } of members) {
        if (failed) return;
        const timingsFile = join(timingsDir, `${index}.json`);
        rmSync(timingsFile, { force: true });
        const env = { ...process.env, PATH: [resolve(cwd, "node_modules/.bin"), process.env.PATH].join(delimiter) };
        if (stage.timings) env.TEST_TIMINGS_FILE = timingsFile;
        else delete env.TEST_TIMINGS_FILE;
        for (const [key, value] of Object.entries(stage.env ?? {})) {
          if (value === undefined) delete env[key];
          else env[key] = value;
        }
        process.stdout.write(`\n== ${stage.name}: ${stage.command}${sideBySide ? " (beside the other stages of its group; its output follows when it ends)" : ""}\n`);
        const stageStarted = performance.now();
        const run = runOne(stage.command, env, { buffered: sideBySide, label: stage.name });
        running.add(run);
        const { exit, stopped } = await run.done;
        running.delete(run);
        const row = rows[index];
        row.ms = performance.now() - stageStarted;
        row.status = exit === 0 ? "passed" : stopped ? "stopped" : `failed (exit ${exit})`;
        const timings = stage.timings ? readTimings(timingsFile) : undefined;
        if (timings) row.projects = timings.projects;
        if (exit !== 0 && !stopped && !failed) {
          failed = true;
          code = exit;
          // The first failure decides: the group's other stages are stopped, not waited for.
          for (const other of running) other.stop();
        }
      }
    };
    await Promise.all([...lanes.values()].map(runLane));
    if (sideBySide) {
      const groupMs = performance.now() - groupStarted;
      for (const { index } of group.members) rows[index].groupMs = groupMs;
    }
  }
  return { code, rows, ms: performance.now() - started };
}

/** The table printed at the end of `npm test`; `ms` is the whole run's wall time. */
export function formatTable(rows, ms) {
  const lines = [];
  const projectLines = (row, indent) => {
    for (const project of row.projects ?? []) {
      lines.push([`${indent}${project.name}`, formatDuration(project.spanMs), `${project.tests} tests, ${formatDuration(project.sumMs)} of test time`]);
    }
  };
  let total = 0;
  for (const [index, row] of rows.entries()) {
    if (row.group === undefined) {
      lines.push([row.name, row.ms === undefined ? "-" : formatDuration(row.ms), row.status]);
      projectLines(row, "  ");
      total += row.ms ?? 0;
      continue;
    }
    if (rows[index - 1]?.group !== row.group) {
      lines.push([`${row.group}, side by side`, row.groupMs === undefined ? "-" : formatDuration(row.groupMs), row.groupMs === undefined ? "" : "wall time of the group"]);
      total += row.groupMs ?? 0;
    }
    lines.push([`  ${row.name}`, row.ms === undefined ? "-" : formatDuration(row.ms), row.status]);
    projectLines(row, "    ");
  }
  lines.push(["total", formatDuration(ms ?? total), ""]);
  const widths = [0, 1].map((column) => Math.max(...lines.map((line) => line[column].length)));
  return [
    "Time per stage (a group's stages run side by side, so their times overlap; a Playwright project's time is its span, first test start to last test end; projects overlap too):",
    ...lines.map(([name, time, status]) => `  ${name.padEnd(widths[0])}  ${time.padStart(widths[1])}  ${status}`.trimEnd()),
  ].join("\n");
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { code, rows, ms } = await runStages(STAGES);
  process.stdout.write(`\n${formatTable(rows, ms)}\n`);
  process.exit(code);
}
