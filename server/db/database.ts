import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createClient, type Client } from "@libsql/client";
import { migrations as allMigrations, type Migration } from "./migrations";

export type Database = Client;

/** The file behind a `file:` URL (relative paths are relative to the working directory), or undefined for :memory:. */
export function databaseFile(url: string): string | undefined {
  if (!url.startsWith("file:")) throw new Error(`DATABASE_URL must be a file: URL, got "${url}"`);
  const rest = url.slice("file:".length).split("?")[0] ?? "";
  if (rest === ":memory:" || rest === "") return undefined;
  return rest.startsWith("//") ? fileURLToPath(url.split("?")[0] ?? url) : resolve(rest);
}

/**
 * Opens the SQLite file (creating it and its folder on first start) and brings its schema up to date.
 * One connection: every write is a single statement, so there is nothing to gain from more, and the
 * per-connection pragmas below then hold for every query.
 */
export async function openDatabase(url: string, { migrations = allMigrations }: { migrations?: Migration[] } = {}): Promise<Database> {
  const file = databaseFile(url);
  if (file) mkdirSync(dirname(file), { recursive: true });
  const db = createClient({ url, concurrency: 1, timeout: 5000 });
  try {
    // WAL: readers (npm run messages) never block the server's writes. synchronous=FULL: a commit is on disk
    // before we acknowledge it, so an acknowledged message survives a crash or power loss.
    await db.execute("PRAGMA journal_mode = WAL");
    await db.execute("PRAGMA synchronous = FULL");
    await db.execute("PRAGMA busy_timeout = 5000");
    await migrate(db, migrations);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

async function migrate(db: Database, migrations: Migration[]) {
  await db.execute("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)");
  const isApplied = async (version: number) =>
    (await db.execute({ sql: "SELECT 1 FROM schema_migrations WHERE version = ?", args: [version] })).rows.length > 0;
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    if (await isApplied(migration.version)) continue;
    try {
      // One batch = one transaction that never yields to the event loop: the bookkeeping row goes first, so
      // when two processes start on a new file at once, the second fails on its primary key and changes nothing.
      await db.batch(
        [
          { sql: "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)", args: [migration.version, migration.name, new Date().toISOString()] },
          ...migration.statements,
        ],
        "write",
      );
    } catch (error) {
      if (await isApplied(migration.version)) continue;
      throw new Error(`Migration ${migration.version} (${migration.name}) failed: ${(error as Error).message}`, { cause: error });
    }
  }
}
