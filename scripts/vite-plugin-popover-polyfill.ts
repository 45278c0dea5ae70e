import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

/*
 * The popover polyfill (@oddbird/popover-polyfill, its minified module build) as a file of its own, never part
 * of the site's bundles. The head script of every page (app/lib/before-hydration.ts) requests it only where the
 * browser has no popover API (Safari before 17), so browsers that have the API download no byte of it.
 * Its URL carries a hash of its content, so it can be cached forever like the other assets.
 */

const VIRTUAL_ID = "virtual:popover-polyfill";
const RESOLVED_ID = "\0" + VIRTUAL_ID;
const SOURCE = fileURLToPath(new URL("../node_modules/@oddbird/popover-polyfill/dist/popover.min.js", import.meta.url));

export function popoverPolyfill(): Plugin {
  // The source map it names is not shipped: drop the reference, so no browser asks for a missing file.
  const source = readFileSync(SOURCE, "utf8").replace(/\n\/\/# sourceMappingURL=\S+\s*$/, "\n");
  const fileName = `assets/popover-polyfill-${createHash("sha256").update(source).digest("hex").slice(0, 8)}.js`;
  return {
    name: "popover-polyfill",
    resolveId: (id) => (id === VIRTUAL_ID ? RESOLVED_ID : undefined),
    load: (id) => (id === RESOLVED_ID ? `export const popoverPolyfillUrl = ${JSON.stringify(`/${fileName}`)};` : undefined),
    configureServer(server) {
      server.middlewares.use(`/${fileName}`, (_req, res) => {
        res.setHeader("Content-Type", "text/javascript; charset=utf-8");
        res.end(source);
      });
    },
    generateBundle() {
      if (this.environment.name !== "client") return;
      this.emitFile({ type: "asset", fileName, source });
    },
  };
}
