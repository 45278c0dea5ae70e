import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, relative } from "node:path";
import type { FullConfig, FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

/*
 * Where a Playwright run's time goes, printed at its end: per project, the tests, the sum of their durations (retries
 * included) and the span from its first test's start to its last test's end; then the slowest spec files per project.
 * Projects run side by side, so their sums add up to more than the wall time: the sums say what a test costs, the
 * spans when a project finished. With TEST_TIMINGS_FILE set, the same goes to that file as JSON, for
 * scripts/run-tests.mjs to put into `npm test`'s table of stages. It only listens: the run is not slowed.
 */

export interface ProjectTiming {
  name: string;
  tests: number;
  sumMs: number;
  spanMs: number;
}
export interface FileTiming {
  file: string;
  project: string;
  tests: number;
  sumMs: number;
}
export interface RunTimings {
  wallMs: number;
  status: FullResult["status"];
  projects: ProjectTiming[];
  files: FileTiming[];
}

const SLOWEST_FILES = 12;

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export default class TimingReporter implements Reporter {
  private rootDir = process.cwd();
  private readonly projects = new Map<string, { tests: Set<string>; sumMs: number; start: number; end: number }>();
  private readonly files = new Map<string, FileTiming & { ids: Set<string> }>();

  onBegin(config: FullConfig) {
    this.rootDir = config.rootDir;
  }

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === "skipped") return;
    const project = test.parent.project()?.name ?? "";
    const start = result.startTime.getTime();
    const entry = this.projects.get(project) ?? { tests: new Set<string>(), sumMs: 0, start, end: start };
    entry.tests.add(test.id);
    entry.sumMs += result.duration;
    entry.start = Math.min(entry.start, start);
    entry.end = Math.max(entry.end, start + result.duration);
    this.projects.set(project, entry);
    const file = relative(this.rootDir, test.location.file);
    const key = `${project}\0${file}`;
    const timing = this.files.get(key) ?? { file, project, tests: 0, sumMs: 0, ids: new Set<string>() };
    timing.ids.add(test.id);
    timing.tests = timing.ids.size;
    timing.sumMs += result.duration;
    this.files.set(key, timing);
  }

  onEnd(result: FullResult) {
    const timings: RunTimings = {
      wallMs: result.duration,
      status: result.status,
      projects: [...this.projects].map(([name, p]) => ({ name, tests: p.tests.size, sumMs: p.sumMs, spanMs: p.end - p.start })).sort((a, b) => b.sumMs - a.sumMs),
      files: [...this.files.values()].map(({ ids: _ids, ...file }) => file).sort((a, b) => b.sumMs - a.sumMs),
    };
    const file = process.env.TEST_TIMINGS_FILE;
    if (file) {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, `${JSON.stringify(timings, null, 2)}\n`);
    }
    if (!timings.projects.length) return;
    const width = Math.max(7, ...timings.projects.map((p) => p.name.length));
    const lines = [
      "",
      `Where the time went (wall time ${seconds(timings.wallMs)}; projects run side by side, so their sums exceed it):`,
      `  ${"project".padEnd(width)}  ${"tests".padStart(5)}  ${"sum of tests".padStart(12)}  ${"span".padStart(9)}`,
      ...timings.projects.map((p) => `  ${p.name.padEnd(width)}  ${String(p.tests).padStart(5)}  ${seconds(p.sumMs).padStart(12)}  ${seconds(p.spanMs).padStart(9)}`),
      `Slowest spec files (sum of their tests' durations):`,
      ...timings.files.slice(0, SLOWEST_FILES).map((f) => `  ${seconds(f.sumMs).padStart(9)}  ${f.file} (${f.project}, ${f.tests} tests)`),
    ];
    process.stdout.write(`${lines.join("\n")}\n`);
  }

  printsToStdio() {
    // The list reporter prints the run; this one only adds its summary at the end.
    return false;
  }
}
