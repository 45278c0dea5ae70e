import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

/*
 * The visit counting code (app/lib/visit-count.ts) as its own file at a fixed address, /count.js: every page asks
 * for it while its HTML is parsed (app/lib/before-hydration.ts), the visit recorder imports the same module, and
 * the server can answer it with code that does nothing while ANALYTICS=off (server/http/app.ts). Not under /assets/,
 * so it is revalidated (Cache-Control: no-cache) rather than cached for a year: switching counting off takes
 * effect at the next page load.
 */

export const VISIT_COUNT_PATH = "/count.js";
const SOURCE = fileURLToPath(new URL("../app/lib/visit-count.ts", import.meta.url));

export function visitCount(): Plugin {
  return {
    name: "visit-count",
    apply: "build",
    buildStart() {
      if (this.environment.name !== "client") return;
      this.emitFile({ type: "chunk", id: SOURCE, fileName: VISIT_COUNT_PATH.slice(1) });
    },
  };
}
