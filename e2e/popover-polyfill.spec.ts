import { expect, test, type Page } from "@playwright/test";
import { settledTop, waitForHydration, watchConsole } from "../test/support/pages";

/*
 * The phone menu in a browser without the popover API (Safari before 17: iPhone 8 and X). Chromium always has
 * the API, so an init script takes it away from scripts before the page runs, as such a browser presents it;
 * then the page must load the popover polyfill, and the menu button must open and close the menu through it.
 * With the API present, the polyfill is never requested.
 */

const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
test.use(phone);

const POLYFILL = /\/assets\/popover-polyfill-[0-9a-f]+\.js$/;

function removePopoverApi() {
  const remove = (prototype: object, names: string[]) => {
    for (const name of names) delete (prototype as Record<string, unknown>)[name];
  };
  remove(HTMLElement.prototype, ["popover", "showPopover", "hidePopover", "togglePopover"]);
  remove(HTMLButtonElement.prototype, ["popoverTargetElement", "popoverTargetAction"]);
  remove(HTMLInputElement.prototype, ["popoverTargetElement", "popoverTargetAction"]);
}

function polyfillRequests(page: Page) {
  const requested: string[] = [];
  page.on("request", (request) => {
    if (POLYFILL.test(new URL(request.url()).pathname)) requested.push(request.url());
  });
  return requested;
}

const menu = (page: Page) => page.locator("#mobile-menu");
// The polyfill's stand-in for :popover-open.
const OPEN_CLASS = /(^|\s):popover-open(\s|$)/;
const polyfillApplied = (page: Page) => page.waitForFunction(() => "popover" in HTMLElement.prototype, undefined, { timeout: 10_000 });

test.describe("without the popover API", () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(removePopoverApi);
  });

  test("the polyfill is requested, and the button opens the menu, and a link in it closes it and lands its section at 70 px", async ({ page }) => {
    const problems = watchConsole(page);
    const requested = polyfillRequests(page);
    await page.goto("/services/cloud-migration");
    await waitForHydration(page);
    await polyfillApplied(page);
    expect(requested).toHaveLength(1);
    await expect(page.locator("html")).toHaveAttribute("data-popover-polyfill");

    await expect(menu(page)).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).tap();
    await expect(menu(page)).toBeVisible();
    await expect(menu(page)).toHaveClass(OPEN_CLASS);
    // Where the native popover is: the whole width, just under the 64 px header bar (the site's styles win over the polyfill's).
    expect(await menu(page).boundingBox()).toMatchObject({ x: 0, y: 64, width: 390 });
    const toggle = page.getByRole("button", { name: "Close menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    // The button closes it again, and opens it again.
    await toggle.tap();
    await expect(menu(page)).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
    await page.getByRole("button", { name: "Open menu" }).tap();
    await expect(menu(page)).toBeVisible();

    await menu(page).getByRole("link", { name: "Industries" }).tap();
    await expect(page).toHaveURL("/");
    await expect(menu(page)).toBeHidden();
    expect(Math.abs((await settledTop(page, "industries")) - 70)).toBeLessThanOrEqual(3);
    expect(problems).toEqual([]);
  });

  test("before hydration, the menu works through the polyfill alone", async ({ page }) => {
    const requested = polyfillRequests(page);
    // The site's own bundles are held back; the polyfill is not one of them.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/assets/*.js", async (route) => {
      if (!POLYFILL.test(new URL(route.request().url()).pathname)) await released;
      await route.continue();
    });
    await page.goto("/", { waitUntil: "commit" });
    await polyfillApplied(page);
    expect(requested).toHaveLength(1);
    await expect(menu(page)).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).tap();
    await expect(menu(page)).toBeVisible();
    await expect(menu(page)).toHaveClass(OPEN_CLASS);
    await menu(page).getByRole("link", { name: "About" }).tap();
    await expect(page).toHaveURL("/#about");
    await expect(menu(page)).toBeHidden();
    expect(Math.abs((await settledTop(page, "about")) - 70)).toBeLessThanOrEqual(3);
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
    release();
    await waitForHydration(page);
  });

  test("a polyfill that cannot load, or loads but does not run, leaves the menu as without JavaScript", async ({ page }) => {
    // Without the mark, such a browser shows the menu in the header, open, instead of hiding it for good.
    const mark = page.locator("html[data-popover-polyfill]");
    await page.route(POLYFILL, (route) => route.abort());
    await page.goto("/");
    await waitForHydration(page);
    await expect(mark).toHaveCount(0);

    // Fetched, but it throws (an extension in the way, an engine it does not know): no load error to go by.
    await page.unroute(POLYFILL);
    await page.route(POLYFILL, (route) => route.fulfill({ contentType: "text/javascript", body: 'throw new Error("popover polyfill did not run");' }));
    await page.reload();
    await waitForHydration(page);
    await expect(mark).toHaveCount(0);
  });

  test("when the polyfill fails, a menu that opens, closes and covers nothing takes the popover's place", async ({ browser }) => {
    // Old Safari's screen (375x667), where the popover used to sit open in the sticky header at 363 px.
    const context = await browser.newContext({ viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.addInitScript(removePopoverApi);
    await page.route(POLYFILL, (route) => route.abort());
    await page.goto("/services/cloud-migration");
    await waitForHydration(page);
    await expect(page.locator("html[data-no-popover]")).toHaveCount(1);
    // The popover and its button are gone, so nothing is open over the page.
    await expect(page.locator("#mobile-menu")).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
    const fallback = page.getByRole("navigation", { name: "Mobile" });
    await expect(fallback).toBeHidden();
    const hero = await page.getByRole("heading", { level: 1 }).boundingBox();
    expect(hero!.y).toBeLessThan(200);

    const summary = page.locator(".menu-fallback > summary");
    await expect(summary).toHaveAccessibleName("Menu");
    await summary.tap();
    await expect(fallback).toBeVisible();
    const box = (await fallback.boundingBox())!;
    expect(box).toMatchObject({ x: 0, y: 64, width: 375 });
    expect(box.y + box.height).toBeLessThanOrEqual(667);
    await summary.tap();
    await expect(fallback).toBeHidden();

    // An item goes to its section as a new page, so the menu is closed on arrival.
    await summary.tap();
    await fallback.getByRole("link", { name: "Industries" }).tap();
    await expect(page).toHaveURL("/#industries");
    await waitForHydration(page);
    await expect(fallback).toBeHidden();
    expect(Math.abs((await settledTop(page, "industries")) - 70)).toBeLessThanOrEqual(3);
    // From the home page too (/index.html#about, sent to /#about by the server).
    await summary.tap();
    await fallback.getByRole("link", { name: "About" }).tap();
    await expect(page).toHaveURL("/#about");
    await expect(fallback).toBeHidden();
    await context.close();
  });
});

test.describe("the <details> menu, on old Safari's screen (375x667)", () => {
  /** The share of the screen that the sticky bar and the open menu cover: what the visitor cannot see. */
  const covered = (page: Page) =>
    page.evaluate(() => {
      const area = (element: Element | null) => {
        if (!element || !element.checkVisibility()) return 0;
        const r = element.getBoundingClientRect();
        const height = Math.max(0, Math.min(r.bottom, innerHeight) - Math.max(r.top, 0));
        const width = Math.max(0, Math.min(r.right, innerWidth) - Math.max(r.left, 0));
        return width * height;
      };
      // The menu hangs under the bar: the two do not overlap.
      return (area(document.querySelector("header")) + area(document.querySelector(".phone-menu-fallback"))) / (innerWidth * innerHeight);
    });

  for (const path of ["/", "/services/cloud-migration"]) {
    test(`${path}: open, the menu and the bar cover at most half of the screen while the visitor scrolls, and every item is in reach`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true });
      const page = await context.newPage();
      // The site's rules for a browser without popovers (the polyfill failed: <html data-no-popover>).
      await page.addInitScript(removePopoverApi);
      await page.route(POLYFILL, (route) => route.abort());
      await page.goto(path);
      await waitForHydration(page);
      await expect(page.locator("html[data-no-popover]")).toHaveCount(1);
      const fallback = page.getByRole("navigation", { name: "Mobile" });
      await page.locator(".menu-fallback > summary").tap();
      await expect(fallback).toBeVisible();
      const shares: number[] = [await covered(page)];
      for (const y of [300, 900, 1600]) {
        await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        // Still open (it does not close on scroll): then it must leave at least half the screen to the page.
        if (await fallback.isVisible()) shares.push(await covered(page));
      }
      for (const share of shares) expect(share, `covered: ${shares.map((s) => Math.round(s * 100) + " %").join(", ")}`).toBeLessThanOrEqual(0.5);
      // Each item whole on the screen, at least 44 px tall, without scrolling inside the menu.
      for (const name of ["Services", "Industries", "Resources", "About", "Let’s Connect"]) {
        const box = (await fallback.getByRole("link", { name }).boundingBox())!;
        expect(box.height, name).toBeGreaterThanOrEqual(44);
        expect(box.y + box.height, name).toBeLessThanOrEqual(667);
        expect(box.x + box.width, name).toBeLessThanOrEqual(375);
      }
      await context.close();
    });
  }
});

test("with the popover API, the polyfill is never requested", async ({ page }) => {
  const requested = polyfillRequests(page);
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Open menu" }).tap();
  await expect(menu(page)).toBeVisible();
  await expect(page.locator("html")).not.toHaveAttribute("data-popover-polyfill");
  expect(requested).toEqual([]);
});
