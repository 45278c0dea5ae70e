// @vitest-environment node
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPostgres, type TestPostgres } from "../../test/support/postgres.mjs";
import { PostgresStore } from "../db/postgres-store";
import { createHealth } from "./health";
import type { Logger } from "../logger";

/*
 * Readiness against a real PostgreSQL that hangs: its processes are frozen with SIGSTOP (a database that
 * accepts connections but never answers, the case a refused connection does not cover).
 */

let postgres: TestPostgres;
beforeAll(async () => {
  postgres = await startPostgres();
}, 60_000);
afterAll(() => postgres?.destroy());

function recordingLogger() {
  const lines: Record<string, unknown>[] = [];
  const log: Logger = { info: (fields) => lines.push({ level: "info", ...fields }), warn: (fields) => lines.push({ level: "warn", ...fields }), error: (fields) => lines.push({ level: "error", ...fields }) };
  return { log, lines };
}

/** The cluster's processes: the postmaster (first line of postmaster.pid) and its children. */
function clusterPids() {
  const main = readFileSync(join(postgres.dir, "data", "postmaster.pid"), "utf8").split("\n")[0]!.trim();
  const children = execFileSync("pgrep", ["-P", main], { encoding: "utf8" }).split("\n").filter(Boolean);
  return [main, ...children].map(Number);
}
const signal = (pids: number[], name: NodeJS.Signals) => pids.forEach((pid) => process.kill(pid, name));

describe("readiness", () => {
  it("is 503 within its 1 s limit while the database hangs, shares one query among probes, and is ready again after", async () => {
    const store = await PostgresStore.open(postgres.createDatabase());
    const { log, lines } = recordingLogger();
    const health = createHealth({ store, log });
    try {
      expect(await health.check()).toEqual({ ready: true });
      const frozen = clusterPids();
      signal(frozen, "SIGSTOP");
      try {
        const started = Date.now();
        const answers = await Promise.all(Array.from({ length: 5 }, () => health.check()));
        const took = Date.now() - started;
        for (const answer of answers) expect(answer).toEqual({ ready: false, reason: "database did not answer within 1 s" });
        expect(took).toBeGreaterThanOrEqual(950);
        expect(took).toBeLessThan(2_500);
      } finally {
        signal(frozen, "SIGCONT");
      }
      await expect.poll(async () => (await health.check()).ready, { timeout: 10_000 }).toBe(true);
      expect(lines.map((line) => `${line.level}:${line.msg}`)).toEqual(["warn:not ready", "info:ready again"]);
    } finally {
      await store.close();
    }
  }, 30_000);
});
