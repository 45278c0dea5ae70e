import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, inject } from "vitest";
import { createDatabaseSync, startPostgres, type TestPostgres } from "./postgres.mjs";
import { PostgresStore } from "../../server/db/postgres-store";
import { SqliteStore } from "../../server/db/sqlite-store";
import type { NewMessage, Store } from "../../server/db/store";

/**
 * Both engines for a test file, no mocks: SQLite in a temp folder per store, PostgreSQL in a throwaway server
 * (Debian's binaries), a database per store. The server is the run's (vitest-postgres.ts, started once for every
 * file), or, outside such a run, one started for the file. Call it at the top of the file, before the file's own
 * afterEach, so that hook (closing stores) runs before the folders are removed.
 */
export function bothEngines(tempPrefix: string) {
  const shared = inject("sharedPostgresUrl");
  let postgres: TestPostgres | undefined;
  const dirs: string[] = [];
  beforeAll(async () => {
    if (!shared) postgres = await startPostgres();
  }, 60_000);
  afterAll(() => postgres?.destroy());
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return {
    sqlite: async (): Promise<Store> => {
      const dir = mkdtempSync(join(tmpdir(), tempPrefix));
      dirs.push(dir);
      return SqliteStore.open(`file:${join(dir, "messages.db")}`);
    },
    // Files run side by side on the shared server: a name no other file picks.
    postgres: async (): Promise<Store> => PostgresStore.open(shared ? createDatabaseSync(shared, `test_${randomBytes(6).toString("hex")}`) : postgres!.createDatabase()),
  };
}

/** One lead as the API would store it, for tests that need any lead at all. */
export const sampleMessage: NewMessage = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  company: "",
  message: "Hello",
  createdAt: "2026-01-01T00:00:00.000Z",
  country: "GB",
  device: "desktop",
  verification: "verified",
  verificationNote: null,
};

/** A logger that says nothing. */
export const quietLog = { info: () => {}, warn: () => {}, error: () => {} };
