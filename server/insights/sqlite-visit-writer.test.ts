import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, test } from "vitest";
import { SqliteStore } from "../db/sqlite-store";
import { startSqliteVisitWriter } from "./sqlite-visit-writer";
import { insightsStorage, type Visit } from "./storage";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const visit = (i: number): Visit => ({ at: new Date(Date.UTC(2026, 0, 5, 10, 0, i % 60)), visitor: `v${i}`, path: "/", entry: true, referrer: null, source: null, utmSource: null, utmMedium: null, utmCampaign: null, utmTerm: null, utmContent: null, country: null, device: "desktop" });

test("counts are written by the worker's own connection into the store's file, and close() writes what was posted first", async () => {
  const dir = mkdtempSync(join(tmpdir(), "visit-writer-"));
  dirs.push(dir);
  const url = `file:${join(dir, "messages.db")}`;
  const store = await SqliteStore.open(url);
  const writer = startSqliteVisitWriter(url);
  const storage = insightsStorage(store, { sqliteWriter: writer });
  await storage.insertVisits(Array.from({ length: 1000 }, (_, i) => visit(i)));
  // Posted, not awaited: shutdown must still find them written.
  const late = storage.insertVisits(Array.from({ length: 5 }, (_, i) => visit(2000 + i)));
  await writer.close();
  await late;
  const counts = await storage.counts(new Date(Date.UTC(2026, 0, 5)), new Date(Date.UTC(2026, 0, 6)));
  expect(counts.pageviews).toBe(1005);
  // The leads' connection keeps its durability (2 = FULL).
  expect(Number((await store.db.execute("PRAGMA synchronous")).rows[0]?.synchronous)).toBe(2);
  await expect(writer.write([])).rejects.toThrow("visit writer stopped");
  await store.close();
});
