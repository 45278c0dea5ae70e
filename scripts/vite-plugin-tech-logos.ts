import { createHash } from "node:crypto";
import type { Plugin } from "vite";
import * as simpleIcons from "simple-icons";
import { readCollection } from "../app/content/files.server.ts";
import type { ServiceInput } from "../app/content/schema.ts";

/*
 * Technology logos as one small SVG sprite per service page, holding only the logos that page names.
 * Pages draw them with inline <svg><use href="sprite#slug"/></svg>: the path data loads after the first
 * paint and is cached, instead of sitting twice in the page (in its HTML and in its hydration data).
 * Each sprite's URL carries a hash of its content, so it can be cached forever.
 */

const VIRTUAL_ID = "virtual:tech-logos";
const RESOLVED_ID = "\0" + VIRTUAL_ID;

type Sprite = { fileName: string; source: string };

function buildSprites(): Map<string, Sprite> {
  const bySlug = new Map(Object.values(simpleIcons).map((icon) => [icon.slug, icon]));
  const sprites = new Map<string, Sprite>();
  // The files as they are: the loaders check them against the schema and name any mistake.
  for (const { slug: serviceSlug, data } of readCollection("services")) {
    const service = data as Partial<ServiceInput>;
    const slugs = [...new Set((service.capabilities ?? []).flatMap((capability) => capability.icons ?? []))].sort();
    const symbols = slugs.map((slug) => {
      const icon = bySlug.get(slug);
      if (!icon) throw new Error(`Unknown simple-icons slug "${slug}" in app/content/services/${serviceSlug}.json`);
      return `<symbol id="${slug}" viewBox="0 0 24 24"><path d="${icon.path}"/></symbol>`;
    });
    const source = `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join("")}</svg>\n`;
    const hash = createHash("sha256").update(source).digest("hex").slice(0, 8);
    sprites.set(serviceSlug, { source, fileName: `assets/logos-${serviceSlug}-${hash}.svg` });
  }
  return sprites;
}

export function techLogos(): Plugin {
  const sprites = buildSprites();
  const urls = Object.fromEntries([...sprites].map(([slug, sprite]) => [slug, `/${sprite.fileName}`]));
  return {
    name: "tech-logos",
    resolveId: (id) => (id === VIRTUAL_ID ? RESOLVED_ID : undefined),
    load: (id) => (id === RESOLVED_ID ? `export const techLogoSprites = ${JSON.stringify(urls)};` : undefined),
    configureServer(server) {
      for (const sprite of sprites.values()) {
        server.middlewares.use(`/${sprite.fileName}`, (_req, res) => {
          res.setHeader("Content-Type", "image/svg+xml");
          res.end(sprite.source);
        });
      }
    },
    generateBundle() {
      if (this.environment.name !== "client") return;
      for (const sprite of sprites.values()) this.emitFile({ type: "asset", fileName: sprite.fileName, source: sprite.source });
    },
  };
}
