import { siteUrl } from "~/lib/seo";

// Prerendered to /robots.txt at build time.
export function loader() {
  const body = `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl()}/sitemap.xml\n`;
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
