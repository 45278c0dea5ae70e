import { createHash } from "node:crypto";
import type { Plugin } from "vite";
import { uiIconSprite } from "../app/content/ui-icons.server.tsx";

/*
 * The UI icons (lucide, chosen by name in the content) as one SVG sprite, emitted as a hashed asset and cached for
 * good. `virtual:ui-icons` gives its URL to the client; ~/components/ui-icon draws an icon with <use href="url#name">.
 */

const VIRTUAL_ID = "virtual:ui-icons";
const RESOLVED_ID = "\0" + VIRTUAL_ID;

export function uiIcons(): Plugin {
  const source = uiIconSprite();
  const fileName = `assets/ui-icons-${createHash("sha256").update(source).digest("hex").slice(0, 8)}.svg`;
  return {
    name: "ui-icons",
    resolveId: (id) => (id === VIRTUAL_ID ? RESOLVED_ID : undefined),
    load: (id) => (id === RESOLVED_ID ? `export const uiIconSprite = ${JSON.stringify(`/${fileName}`)};` : undefined),
    configureServer(server) {
      server.middlewares.use(`/${fileName}`, (_req, res) => {
        res.setHeader("Content-Type", "image/svg+xml");
        res.end(source);
      });
    },
    generateBundle() {
      if (this.environment.name === "client") this.emitFile({ type: "asset", fileName, source });
    },
  };
}
