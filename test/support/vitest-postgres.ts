import type { TestProject } from "vitest/node";
import { postgresBinDir, startPostgres } from "./postgres.mjs";

/*
 * Vitest's global setup: one throwaway PostgreSQL for the whole run, a database per store (store-engines.ts), instead
 * of a server started and removed by every file that tests both engines. A file that stops or freezes its server
 * (server/db/postgres-store.test.ts, server/ops/health.test.ts) still starts its own. Without PostgreSQL's binaries
 * nothing is started: a file that needs them says how to install them.
 */

declare module "vitest" {
  export interface ProvidedContext {
    /** postgres://postgres@127.0.0.1:PORT of the run's server, without a database; undefined without the binaries. */
    sharedPostgresUrl: string | undefined;
  }
}

export default async function setup(project: TestProject) {
  if (!postgresBinDir()) {
    project.provide("sharedPostgresUrl", undefined);
    return;
  }
  const postgres = await startPostgres();
  project.provide("sharedPostgresUrl", postgres.baseUrl);
  return () => postgres.destroy();
}
