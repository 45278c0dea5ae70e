import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { SitePages } from "./query";

/*
 * The site's pages and their titles, read from the build (STATIC_DIR, the prerendered HTML the server serves):
 * the report shows a page by its title as well as its path, and a lead's landing page that is none of them as
 * not found. The titles are the content's (each page's seo.title), as a visitor's tab shows them.
 */

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", apos: "'" };
const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|#39|apos);/g, (_, name: string) => entities[name]!);

/** The page's title without the site's name around it ("Cloud Migration | Arcline" is "Cloud Migration"). */
export function pageTitle(html: string, siteName: string): string | undefined {
  const title = /<title>([^<]*)<\/title>/i.exec(html)?.[1];
  if (!title) return undefined;
  const text = decode(title).trim();
  const bare = text.startsWith(`${siteName} | `)
    ? text.slice(siteName.length + 3)
    : text.endsWith(` | ${siteName}`)
      ? text.slice(0, -(siteName.length + 3))
      : text;
  return bare || undefined;
}

/** The pages of the build in `root` (undefined when there is no build: the report then shows paths alone). */
export function sitePages(root: string, siteName: string): SitePages | undefined {
  if (!existsSync(join(root, "index.html"))) return undefined;
  const titles = new Map<string, string>();
  const visit = (dir: string, path: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (path === "/" && (entry.name === "assets" || entry.name === "404")) continue;
        visit(join(dir, entry.name), `${path}${entry.name}/`);
      } else if (entry.name === "index.html") {
        const address = path === "/" ? "/" : path.slice(0, -1);
        titles.set(address, pageTitle(readFileSync(join(dir, entry.name), "utf8"), siteName) ?? "");
      }
    }
  };
  visit(root, "/");
  return { isPage: (path) => titles.has(path), title: (path) => titles.get(path) || undefined };
}
