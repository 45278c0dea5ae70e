import type { MetaDescriptor } from "react-router";
import { site } from "~/config/site";

/** Everything a page tells search engines and link previews. Built in loaders, i.e. at build time. */
export type Seo = {
  title: string;
  description: string;
  url: string;
  image: string;
  type: "website" | "article";
  jsonLd?: Record<string, unknown>;
};

export const siteUrl = () => (process.env.SITE_URL ?? "http://localhost:3000").replace(/\/+$/, "");

export function buildSeo({
  title,
  description,
  path,
  type = "website",
  jsonLd,
}: {
  title: string;
  description: string;
  path: string;
  type?: Seo["type"];
  jsonLd?: Record<string, unknown>;
}): Seo {
  const base = siteUrl();
  return { title, description, url: `${base}${path}`, image: `${base}/og-image.png`, type, jsonLd };
}

/**
 * A page's copy without its `seo` fields: the loader sends them once, as the built `seo` block (title with the
 * brand, canonical URL and the rest), not a second time inside the copy.
 */
export function withoutSeo<T extends { seo: unknown }>(copy: T): Omit<T, "seo"> {
  const rest: Partial<T> = { ...copy };
  delete rest.seo;
  return rest as Omit<T, "seo">;
}

/** The full meta set of a page; React Router replaces (not merges) parent meta, so every route returns all of it. */
export function seoMeta(seo: Seo | undefined): MetaDescriptor[] {
  if (!seo) return [{ title: site.name }];
  const tags: MetaDescriptor[] = [
    { title: seo.title },
    { name: "description", content: seo.description },
    { tagName: "link", rel: "canonical", href: seo.url },
    { property: "og:type", content: seo.type },
    { property: "og:site_name", content: site.name },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: seo.url },
    { property: "og:image", content: seo.image },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: seo.title },
    { name: "twitter:description", content: seo.description },
    { name: "twitter:image", content: seo.image },
  ];
  if (seo.jsonLd) tags.push({ "script:ld+json": seo.jsonLd });
  return tags;
}
