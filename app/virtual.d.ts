declare module "virtual:tech-logos" {
  /** URL of each service page's SVG sprite of technology logos, by service slug (scripts/vite-plugin-tech-logos.ts). */
  export const techLogoSprites: Record<string, string>;
}

declare module "virtual:popover-polyfill" {
  /** URL of the popover polyfill, loaded only by browsers without the popover API (scripts/vite-plugin-popover-polyfill.ts). */
  export const popoverPolyfillUrl: string;
}

declare module "virtual:ui-icons" {
  /** URL of the SVG sprite holding every UI icon as a <symbol> named like the icon (scripts/vite-plugin-ui-icons.ts). */
  export const uiIconSprite: string;
}
