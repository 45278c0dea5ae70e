import type { BrowserContext } from "@playwright/test";

/**
 * Playwright's browsers report navigator.webdriver true, and the site counts no automated browser (issue 36
 * item 11). Tests that need a page to be counted give it what a real visitor's browser has.
 */
export async function asRealVisitor(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, "webdriver", { configurable: true, get: () => false });
  });
}
