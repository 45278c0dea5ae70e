import { PostgresStore, isPostgresUrl, type PostgresOptions } from "./postgres-store";
import { SqliteStore } from "./sqlite-store";
import type { Store } from "./store";

/** PostgreSQL settings from the environment (see docs/operations.md, "Configuration": PG_POOL_MAX, PG_STATEMENT_TIMEOUT_MS, PG_CONNECT_TIMEOUT_MS, PG_MIGRATION_WAIT_MS). */
export function postgresOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): PostgresOptions {
  const read = (name: string, fallback: number, min: number) => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be a whole number of at least ${min}, got "${raw}"`);
    return value;
  };
  return {
    poolMax: read("PG_POOL_MAX", 10, 1),
    statementTimeoutMs: read("PG_STATEMENT_TIMEOUT_MS", 5000, 100),
    connectTimeoutMs: read("PG_CONNECT_TIMEOUT_MS", 3000, 100),
    migrationWaitMs: read("PG_MIGRATION_WAIT_MS", 120_000, 1000),
  };
}

/** Opens the store DATABASE_URL names: `postgres://` or `postgresql://` is PostgreSQL, `file:` is SQLite. */
/** Opens the store for one command (npm run messages, npm run insights) and closes it whatever happens. */
export async function withStore<T>(url: string, run: (store: Store) => Promise<T>): Promise<T> {
  const store = await openStore(url);
  try {
    return await run(store);
  } finally {
    await store.close();
  }
}

export async function openStore(url: string, { onPoolError }: { onPoolError?: (error: Error) => void } = {}): Promise<Store> {
  if (isPostgresUrl(url)) return PostgresStore.open(url, { ...postgresOptionsFromEnv(), onPoolError });
  return SqliteStore.open(url);
}

/** DATABASE_URL fit for a log line: a PostgreSQL password is replaced by ***. */
export function redactDatabaseUrl(url: string): string {
  if (!isPostgresUrl(url)) return url;
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "postgres://(unparseable URL)";
  }
}
