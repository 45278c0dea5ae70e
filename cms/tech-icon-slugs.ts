import * as simpleIcons from "simple-icons";

/*
 * The technology logos the build can draw: the slugs of the simple-icons package, the same list the build
 * checks (scripts/vite-plugin-tech-logos.ts). In the editor's browser build, cms/vite.config.ts replaces this
 * module with the list of slugs alone, so the page does not carry every logo's drawing.
 */
export const techIconSlugs: ReadonlySet<string> = new Set(Object.values(simpleIcons).map((icon) => icon.slug));
