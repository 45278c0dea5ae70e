import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/*
 * Earlier builds' /assets, kept for a while after a deploy (decision 31). A page loaded before a deploy asks for
 * the code of the page a visitor clicks by its old hashed name; the new build no longer has it, and React Router
 * then reloads the page the visitor is on instead of going where they clicked. So at each start the server copies
 * the build's assets into `dir` and remembers, per file, when it left the served build; a file that left more
 * than `days` ago is deleted. Requests for /assets/* the build does not have are answered from there.
 * The folder is the one place this writes outside the database: `data/previous-assets` by default, which the
 * container keeps on its volume across image replacements.
 */

type Index = Record<string, number | null>;
const INDEX = "index.json";
const DAY_MS = 86_400_000;

function readIndex(dir: string): Index {
  try {
    const parsed: unknown = JSON.parse(readFileSync(join(dir, INDEX), "utf8"));
    return parsed && typeof parsed === "object" ? (parsed as Index) : {};
  } catch {
    return {};
  }
}

/** Names only: a file name with a path in it (from a tampered index) is never used. */
const plainName = (name: string) => /^[\w.-]+$/.test(name) && !name.startsWith(".");

/**
 * Archives the build's assets and prunes old ones; returns the names (without "/assets/") still kept from earlier
 * builds and not in this one, and how many files it deleted.
 */
export function keepPreviousAssets(options: { buildAssets: string; dir: string; days: number; now?: number }): { kept: Set<string>; deleted: number } {
  const { buildAssets, dir, days } = options;
  const now = options.now ?? Date.now();
  mkdirSync(dir, { recursive: true });
  const index = readIndex(dir);
  const current = new Set(
    existsSync(buildAssets) ? readdirSync(buildAssets).filter((name) => plainName(name) && statSync(join(buildAssets, name)).isFile()) : [],
  );
  for (const name of current) {
    const target = join(dir, name);
    // Hashed names: a file already there holds the same bytes.
    if (!existsSync(target)) copyFileSync(join(buildAssets, name), target);
    index[name] = null;
  }
  const kept = new Set<string>();
  let deleted = 0;
  for (const [name, retiredAt] of Object.entries(index)) {
    if (current.has(name)) continue;
    if (!plainName(name)) {
      delete index[name];
      continue;
    }
    const since = typeof retiredAt === "number" ? retiredAt : now;
    if (now - since >= days * DAY_MS) {
      rmSync(join(dir, name), { force: true });
      delete index[name];
      deleted += 1;
    } else {
      index[name] = since;
      if (existsSync(join(dir, name))) kept.add(name);
    }
  }
  const temporary = join(dir, `${INDEX}.${process.pid}.tmp`);
  writeFileSync(temporary, JSON.stringify(index));
  renameSync(temporary, join(dir, INDEX));
  return { kept, deleted };
}
