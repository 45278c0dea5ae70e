import * as simpleIcons from "simple-icons";

export type TechIcon = { slug: string; title: string };

const bySlug = new Map<string, TechIcon>(Object.values(simpleIcons).map((icon) => [icon.slug, { slug: icon.slug, title: icon.title }]));

/** Resolves a simple-icons slug to its name at build time; the drawing comes from the logo sprite. */
export function techIcon(slug: string): TechIcon {
  const icon = bySlug.get(slug);
  if (!icon) throw new Error(`Unknown simple-icons slug "${slug}" in content`);
  return icon;
}

export const hasTechIcon = (slug: string) => bySlug.has(slug);
