import { allRoutePaths } from "~/content/catalog.server";
import { siteUrl } from "~/lib/seo";

// Prerendered to /sitemap.xml at build time, from the same list of pages the build renders.
export function loader() {
  const base = siteUrl();
  const urls = allRoutePaths()
    .map((path) => `  <url><loc>${base}${path}</loc></url>`)
    .join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
