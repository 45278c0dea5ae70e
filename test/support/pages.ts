import { expect, type Page } from "@playwright/test";
import { allRoutePaths } from "../../app/content/catalog.server";

/** The 27 routes of the spec, read from the content that the build prerenders. */
export const routes = allRoutePaths();

export const pageOfEachKind = ["/", "/services/cloud-migration", "/industries/retail-ecommerce", "/resources/carbon-credits"];

/**
 * Collects console errors and uncaught exceptions (React reports hydration mismatches through these).
 * The 404 document's own "Failed to load resource" line is expected on not-found pages.
 */
export function watchConsole(page: Page) {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    if (/Failed to load resource: the server responded with a status of 404/.test(message.text())) return;
    problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
  return problems;
}

/** Waits until React has hydrated the page (the root marks <html data-hydrated> once it is interactive). */
export async function waitForHydration(page: Page) {
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
}

/**
 * Distance from the viewport top to the element's top once scrolling has settled: unchanged for
 * 700 ms, longer than the 500 ms pause before a scroll that follows a navigation to the home page.
 */
export async function settledTop(page: Page, id: string) {
  const samples: number[] = [];
  await expect
    .poll(
      async () => {
        samples.push(await page.evaluate((id) => document.getElementById(id)?.getBoundingClientRect().top ?? Number.NaN, id));
        const recent = samples.slice(-8);
        return recent.length === 8 && Math.max(...recent) - Math.min(...recent) < 0.5;
      },
      { intervals: [100], timeout: 8000 },
    )
    .toBe(true);
  return samples.at(-1)!;
}
