import { expect, test, type Page } from "@playwright/test";
import { settledTop, waitForHydration, watchConsole } from "../test/support/pages";
import { stubRecaptcha } from "../test/support/recaptcha-stub";

/*
 * The page between its first paint and hydration. The site's scripts are held back (page.route on the
 * bundles, released by the test), so "before hydration" is a state the test controls, not a race it hopes to win.
 */

const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const menu = (page: Page) => page.locator("#mobile-menu");

/** Holds every bundle of the site until the returned function is called. */
async function holdScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/*.js", async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Opens a page with its scripts held: it is painted and usable as HTML and CSS, React has not run. */
async function openBeforeHydration(page: Page, path: string) {
  const release = await holdScripts(page);
  await page.goto(path, { waitUntil: "commit" });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  return release;
}

const expectNotHydrated = (page: Page) => expect(page.locator("html")).not.toHaveAttribute("data-hydrated");

test.describe("phone menu before hydration (390 px)", () => {
  test.use(phone);

  for (const path of ["/", "/services/cloud-migration"]) {
    test(`on ${path}, a tap at first paint opens the menu, and a link in it closes it and lands its section at 70 px`, async ({ page }) => {
      const problems = watchConsole(page);
      const release = await openBeforeHydration(page, path);
      await page.getByRole("button", { name: "Open menu" }).tap();
      await expect(menu(page)).toBeVisible();
      await expect(page.getByRole("button", { name: "Close menu" })).toBeVisible();
      await expectNotHydrated(page);

      await menu(page).getByRole("link", { name: "About" }).tap();
      await expect(page).toHaveURL("/#about", { timeout: 10_000 });
      // The inline script closed it: it no longer covers the section it scrolled to.
      await expect(menu(page)).toBeHidden();
      expect(Math.abs((await settledTop(page, "about")) - 70)).toBeLessThanOrEqual(3);
      await expectNotHydrated(page);

      // React takes over where the visitor is: the section stays put and the address loses its hash, as after any section link.
      release();
      await waitForHydration(page);
      await expect.poll(() => page.evaluate(() => location.href)).toMatch(/\/$/);
      expect(Math.abs((await settledTop(page, "about")) - 70)).toBeLessThanOrEqual(3);
      await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
      expect(problems).toEqual([]);
    });
  }

  test("a menu opened before hydration is still open after it, and React's aria-expanded says so", async ({ page }) => {
    const problems = watchConsole(page);
    const release = await openBeforeHydration(page, "/industries/retail-ecommerce");
    await page.getByRole("button", { name: "Open menu" }).tap();
    await expect(menu(page)).toBeVisible();
    release();
    await waitForHydration(page);
    const toggle = page.getByRole("button", { name: "Close menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(menu(page)).toBeVisible();
    await toggle.tap();
    await expect(menu(page)).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
    expect(problems).toEqual([]);
  });
});

/** Every scroll position, one per animation frame, recorded by the page from before its own scripts. */
async function recordScrolling(page: Page) {
  await page.addInitScript(() => {
    const seen: number[] = [];
    (window as unknown as { __scrolls: number[] }).__scrolls = seen;
    const frame = () => {
      seen.push(Math.round(window.scrollY));
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  return async () => new Set(await page.evaluate(() => (window as unknown as { __scrolls: number[] }).__scrolls)).size;
}

test.describe("section links before hydration (desktop)", () => {
  test("a header link glides its section to 70 px below the top", async ({ page }) => {
    const positions = await recordScrolling(page);
    const release = await openBeforeHydration(page, "/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Resources" }).click();
    await expect(page).toHaveURL("/#resources");
    expect(Math.abs((await settledTop(page, "resources")) - 70)).toBeLessThanOrEqual(3);
    await expectNotHydrated(page);
    // 0, the end, and the positions in between: the browser's smooth scroll, not a jump.
    expect(await positions()).toBeGreaterThan(3);
    release();
  });

  test("with reduced motion the same link jumps", async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: "reduce" });
    const page = await context.newPage();
    const positions = await recordScrolling(page);
    const release = await openBeforeHydration(page, "/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Resources" }).click();
    expect(Math.abs((await settledTop(page, "resources")) - 70)).toBeLessThanOrEqual(3);
    expect(await positions()).toBeLessThanOrEqual(2);
    release();
    await context.close();
  });
});

test.describe("contact form before hydration", () => {
  test("says it is not ready yet, and what was typed survives hydration and the loading of the form's code", async ({ page }) => {
    const stub = await stubRecaptcha(page);
    const release = await openBeforeHydration(page, "/#contact");
    const form = page.getByRole("form", { name: "Start Your Project" });
    await expect(form.getByRole("button", { name: "Send Message" })).toBeDisabled();
    await expect(form.getByText("Loading the reCAPTCHA check…")).toBeVisible();
    await form.getByLabel("First Name", { exact: true }).fill("Ada");
    await form.getByLabel("Project Details", { exact: true }).fill("Typed while the page was still loading.");
    await expectNotHydrated(page);

    release();
    await waitForHydration(page);
    await expect(form.getByRole("checkbox", { name: "I'm not a robot" })).toBeVisible();
    expect(stub.requested).toHaveLength(1);
    await expect(form.getByLabel("First Name", { exact: true })).toHaveValue("Ada");
    await expect(form.getByLabel("Project Details", { exact: true })).toHaveValue("Typed while the page was still loading.");
    await expect(form.getByRole("button", { name: "Send Message" })).toBeEnabled();
  });
});

test.describe("a visitor typing when the page finishes loading (390 px)", () => {
  test.use(phone);

  for (const [arrival, scrollsToForm] of [
    ["/#contact", false],
    ["/#about", true],
  ] as const) {
    test(`arriving at ${arrival}${scrollsToForm ? " and scrolling to the form" : ""}, First Name keeps focus, every letter and the page's place through hydration`, async ({ page }) => {
      await stubRecaptcha(page);
      const release = await openBeforeHydration(page, arrival);
      // The visitor starts once the browser's own jump to the section has landed (on a busy machine it can come
      // after the heading is painted): the place measured below is theirs, not a jump still on its way.
      await expect.poll(() => page.evaluate(() => Math.round(document.getElementById(location.hash.slice(1))?.getBoundingClientRect().top ?? -1)), { timeout: 10_000 }).toBe(70);
      const form = page.getByRole("form", { name: "Start Your Project" });
      const firstName = form.getByLabel("First Name", { exact: true });
      if (scrollsToForm) await firstName.evaluate((field) => field.scrollIntoView({ block: "center", behavior: "instant" }));
      await firstName.focus();
      await page.keyboard.type("Ada");
      await expectNotHydrated(page);
      const place = await page.evaluate(() => window.scrollY);

      release();
      // Keeps typing, a letter every 50 ms, while the scripts load and React hydrates, and a little after.
      const letters = " Lovelace, Countess of Lovelace";
      for (const letter of letters) await page.keyboard.type(letter, { delay: 50 });
      await waitForHydration(page);
      await page.keyboard.type("!");
      await page.waitForTimeout(500);

      await expect(firstName).toBeFocused();
      await expect(firstName).toHaveValue(`Ada${letters}!`);
      expect(Math.abs((await page.evaluate(() => window.scrollY)) - place), "the page stayed where the visitor was").toBeLessThanOrEqual(2);
    });
  }
});
