import * as simpleIcons from "simple-icons";

export type TechIcon = { slug: string; title: string; path: string; hex: string };

const bySlug = new Map<string, TechIcon>(
  Object.values(simpleIcons).map((icon) => [icon.slug, { slug: icon.slug, title: icon.title, path: icon.path, hex: icon.hex }]),
);

/** Resolves a simple-icons slug at build time, so the logo ships as SVG path data in the page, not as a library. */
export function techIcon(slug: string): TechIcon {
  const icon = bySlug.get(slug);
  if (!icon) throw new Error(`Unknown simple-icons slug "${slug}" in content`);
  return icon;
}

export const hasTechIcon = (slug: string) => bySlug.has(slug);
