declare module "virtual:tech-logos" {
  /** URL of each service page's SVG sprite of technology logos, by service slug (scripts/vite-plugin-tech-logos.ts). */
  export const techLogoSprites: Record<string, string>;
}
