import { expect, test, type Page } from "@playwright/test";
import { waitForHydration } from "../test/support/pages";

/*
 * Focus that the visitor did not move with the keyboard never scrolls the page:
 * - a control of the sticky header (the phone menu's button, Shift+Tab into the header) is on screen already;
 *   Chromium used to scroll ~400 px up for it while html had scroll-padding-top (decision 30);
 * - a press on a frame (Google's captcha box is a 304x78 iframe) never reaches the page's pointerdown, and the
 *   focus that follows it must not scroll the box away from under the pointer.
 */

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

async function scrollToInstantly(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
  await expect.poll(() => scrollY(page)).toBe(y);
}

test.describe("phone, 390x844 with touch", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("opening and closing the menu mid-page leaves the page where it is", async ({ page }) => {
    await page.goto("/services/cloud-migration");
    await waitForHydration(page);
    await scrollToInstantly(page, 1800);
    const menuButton = page.locator("header button[popovertarget]").first();
    for (let i = 0; i < 4; i++) {
      await menuButton.tap();
      await page.waitForTimeout(300);
      expect(await scrollY(page), `after tap ${i + 1}`).toBe(1800);
    }
  });
});

test.describe("desktop, 1280x800", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("Shift+Tab into the header leaves the page where it is", async ({ page }) => {
    await page.goto("/services/cloud-migration");
    await waitForHydration(page);
    await scrollToInstantly(page, 1800);
    // The first focusable element after the header, reached without scrolling, then back into the header.
    await page.evaluate(() => {
      const header = document.querySelector("header")!;
      const after = [...document.querySelectorAll<HTMLElement>("main a[href], main button")].find((el) => !header.contains(el))!;
      after.focus({ preventScroll: true });
    });
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press("Shift+Tab");
      await page.waitForTimeout(200);
      expect(await page.evaluate(() => document.querySelector("header")!.contains(document.activeElement))).toBe(true);
      expect(await scrollY(page), `after Shift+Tab ${i + 1}`).toBe(1800);
    }
  });

  test("a press on a captcha-sized frame partly below the screen stays on it", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.evaluate(() => {
      const frame = document.createElement("iframe");
      frame.title = "captcha stand-in";
      frame.width = "304";
      frame.height = "78";
      frame.style.border = "0";
      frame.style.display = "block";
      frame.srcdoc = `<body style="margin:0"><input type="checkbox" style="position:absolute;left:13px;top:25px;width:28px;height:28px;margin:0"></body>`;
      const main = document.querySelector("main")!;
      main.insertBefore(frame, main.children[2] ?? null);
    });
    const frame = page.locator('iframe[title="captcha stand-in"]');
    await expect(page.frameLocator('iframe[title="captcha stand-in"]').locator("input")).toBeVisible();
    // 50 px of the 78 px box on screen, as when the visitor has scrolled the form just far enough.
    await page.evaluate(() => {
      const top = document.querySelector('iframe[title="captcha stand-in"]')!.getBoundingClientRect().top;
      window.scrollBy({ top: top - (window.innerHeight - 50), behavior: "instant" });
    });
    await page.waitForTimeout(300);
    const before = await scrollY(page);
    const box = (await frame.boundingBox())!;
    await page.mouse.move(box.x + 27, box.y + 39);
    await page.mouse.down();
    await page.waitForTimeout(120);
    await page.mouse.up();
    await page.waitForTimeout(300);
    expect(await scrollY(page)).toBe(before);
    await expect(page.frameLocator('iframe[title="captcha stand-in"]').locator("input")).toBeChecked();
  });
});
