import { SqliteStore } from "./sqlite-store";
import type { Store } from "./store";

/** Opens the store DATABASE_URL names: a `file:` URL is SQLite. */
export async function openStore(url: string): Promise<Store> {
  return SqliteStore.open(url);
}
