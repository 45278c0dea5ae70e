import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";
import { collections, contentDir } from "../app/content/files.server.ts";

/**
 * In `npm run dev`, a change to a content file shows on the next request: the JSON files are read with
 * node:fs, out of Vite's sight, so the module that reads them declares them as its dependencies, and Vite
 * then reloads it (and the pages) as it does when a source file changes.
 */
export function contentFiles(): Plugin {
  const files = () => {
    const dir = contentDir();
    return [join(dir, "home.json"), join(dir, "order.json"), ...collections.flatMap((kind) => readdirSync(join(dir, kind)).map((name) => join(dir, kind, name)))];
  };
  return {
    name: "content-files",
    apply: "serve",
    transform(_code, id) {
      if (!id.endsWith("/app/content/catalog.server.ts")) return;
      for (const file of files()) this.addWatchFile(file);
    },
  };
}
