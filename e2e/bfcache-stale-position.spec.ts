import { chromium, expect, test } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "../scripts/chromium.mjs";
import { BASE_URL } from "../playwright.config";

/*
 * Back to a page kept in the back/forward cache (issue 38, item 2): Chromium and Firefox bring it back where the
 * visitor was by themselves, so the end-of-body script's pageshow handler must not move it. When the position
 * could not be saved (storage full), the one stored earlier is stale: jumping to it loses the visitor's place.
 */
test("Back from the back/forward cache keeps the browser's own position when the saved one is stale (storage full)", async () => {
  // Playwright turns the back/forward cache off by default: on here, as for visitors.
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, ignoreDefaultArgs: ["--disable-back-forward-cache"] });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 700 }, baseURL: BASE_URL });
    await page.goto("/industries/defense-mining");
    await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
    await page.evaluate(() => {
      addEventListener("pageshow", (event) => {
        if (event.persisted) document.documentElement.dataset.restored = "yes";
      });
      scrollTo(0, 600);
    });
    await page.waitForTimeout(200);
    await page.goto("/robots.txt");
    await page.goBack({ waitUntil: "commit" });
    await expect.poll(() => page.evaluate(() => scrollY)).toBe(600);
    // The storage is now full: the next save fails, and 600 stays stored for this entry.
    await page.evaluate(() => {
      Storage.prototype.setItem = () => {
        throw new DOMException("quota", "QuotaExceededError");
      };
      scrollTo(0, 1500);
    });
    await page.waitForTimeout(200);
    await page.goto("/robots.txt");
    await page.goBack({ waitUntil: "commit" });
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.restored)).toBe("yes");
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => Math.round(scrollY))).toBe(1500);
  } finally {
    await browser.close();
  }
});
