import { test as base } from "@playwright/test";

/*
 * A browser that blocks site data ("block all cookies" in Safari, Firefox and Chrome): touching
 * window.sessionStorage or window.localStorage throws SecurityError. The project "storage-blocked" sets
 * siteData: "blocked", so every page of its tests starts that way, before any script of the site runs.
 */

export type SiteDataOptions = { siteData: "allowed" | "blocked" };

export function blockSiteData() {
  for (const key of ["sessionStorage", "localStorage"]) {
    Object.defineProperty(window, key, {
      configurable: true,
      get() {
        throw new DOMException("The operation is insecure.", "SecurityError");
      },
    });
  }
}

export const test = base.extend<SiteDataOptions>({
  siteData: ["allowed", { option: true }],
  context: async ({ context, siteData }, provide) => {
    if (siteData === "blocked") await context.addInitScript(blockSiteData);
    await provide(context);
  },
});

export { expect } from "@playwright/test";
