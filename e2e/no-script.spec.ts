import { expect, test, type Page } from "@playwright/test";
import { site } from "../app/config/site";
import { pageOfEachKind, settledTop } from "../test/support/pages";

/*
 * The "no-script" project: the same Chromium with JavaScript turned off (playwright.config.ts). Everything here
 * works on the prerendered HTML and the platform alone: the popover menu, native anchor jumps with
 * scroll-padding-top, and the contact section's fallback.
 */

const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const menu = (page: Page) => page.locator("#mobile-menu");
const menuItems = [
  { name: "Services", id: "services" },
  { name: "Industries", id: "industries" },
  { name: "Resources", id: "resources" },
  { name: "About", id: "about" },
  { name: "Let’s Connect", id: "contact" },
];

/**
 * Samples the scroll position from this process while `action` runs and for a second after: a smooth native
 * scroll passes through several positions, a jump shows only its start and end.
 */
async function scrollPositionsAfter(page: Page, action: () => Promise<void>) {
  const seen = new Set<number>();
  let sampling = true;
  const sample = (async () => {
    while (sampling) seen.add(Math.round(await page.evaluate(() => window.scrollY)));
  })();
  await action();
  await page.waitForTimeout(1000);
  sampling = false;
  await sample;
  return seen.size;
}

test("JavaScript is really off in this project", async ({ page }) => {
  await page.goto("/");
  // The root marks <html data-hydrated> from an effect: never, without scripts.
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
  expect(await page.evaluate(() => document.querySelectorAll("noscript p").length)).toBeGreaterThan(0);
});

test.describe("phone menu at 390 px, JavaScript off", () => {
  test.use(phone);

  test("opens with its button, which then offers to close it, and closes again", async ({ page }) => {
    await page.goto("/services/cloud-migration");
    await expect(menu(page)).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).tap();
    await expect(menu(page)).toBeVisible();
    await expect(menu(page).getByRole("link", { name: "About" })).toBeVisible();
    await page.getByRole("button", { name: "Close menu" }).tap();
    await expect(menu(page)).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
  });

  test("is operable from the keyboard: Enter opens it, Tab reaches its links, Escape closes it", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).focus();
    await page.keyboard.press("Enter");
    await expect(menu(page)).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(menu(page).getByRole("link", { name: "Services" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu(page)).toBeHidden();
  });

  for (const start of ["/", "/industries/retail-ecommerce"]) {
    for (const item of menuItems) {
      test(`from ${start}, ${item.name} in the menu lands its section 70 px below the top`, async ({ page }) => {
        await page.goto(start);
        await page.getByRole("button", { name: "Open menu" }).tap();
        await menu(page).getByRole("link", { name: item.name }).tap();
        await expect(page).toHaveURL(`/#${item.id}`);
        // The item reloads the page (site-header.tsx), so the menu is closed: nothing covers the section, which
        // lands at 70 px, and the menu opens again.
        await expect(menu(page)).toBeHidden();
        expect(Math.abs((await settledTop(page, item.id)) - 70)).toBeLessThanOrEqual(3);
        const heading = page.locator(`#${item.id} h2`).first();
        const box = (await heading.boundingBox())!;
        expect(await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest("header, #mobile-menu") ?? null, { x: box.x + 5, y: box.y + box.height / 2 })).toBeNull();
        await page.getByRole("button", { name: "Open menu" }).tap();
        await expect(menu(page).getByRole("link", { name: item.name })).toBeVisible();
        await page.getByRole("button", { name: "Close menu" }).tap();
        await expect(menu(page)).toBeHidden();
      });
    }
  }
});

test.describe("section links, JavaScript off", () => {
  test("the header's links land their sections 70 px below the top, and the long way down glides (desktop)", async ({ page }) => {
    const header = page.getByRole("navigation", { name: "Main" });
    for (const item of menuItems) {
      await page.goto("/");
      await header.getByRole("link", { name: item.name }).click();
      await expect(page).toHaveURL(`/#${item.id}`);
      expect(Math.abs((await settledTop(page, item.id)) - 70), item.name).toBeLessThanOrEqual(3);
    }
    await page.goto("/");
    const toContact = () => header.getByRole("link", { name: "Let’s Connect" }).click();
    expect(await scrollPositionsAfter(page, toContact), "positions passed through (a glide, not a jump)").toBeGreaterThan(2);
    expect(Math.abs((await settledTop(page, "contact")) - 70)).toBeLessThanOrEqual(3);
  });

  test("the hero's buttons land their sections at 70 px, on a phone", async ({ browser }) => {
    const context = await browser.newContext({ ...phone, javaScriptEnabled: false });
    const page = await context.newPage();
    for (const { name, id } of [
      { name: "Explore Solutions", id: "services" },
      { name: "View Case Studies", id: "industries" },
    ]) {
      await page.goto("/");
      await page.getByRole("link", { name }).tap();
      await expect(page).toHaveURL(`/#${id}`);
      expect(Math.abs((await settledTop(page, id)) - 70), name).toBeLessThanOrEqual(3);
    }
    await context.close();
  });
  test("an inner page's address with a section, loaded cold, lands it at 70 px past every band above it", async ({ browser }) => {
    // Deep targets, on a phone and a desktop: the native jump measures every band above them (decision 30).
    for (const [viewport, path, id] of [
      [phone, "/services/ai-ml-services", "business-impacts"],
      [{ viewport: { width: 1280, height: 800 } }, "/resources/digital-twins", "ideal-customers"],
    ] as const) {
      const context = await browser.newContext({ ...viewport, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`${path}#${id}`);
      expect(Math.abs((await settledTop(page, id)) - 70), `${path}#${id}`).toBeLessThanOrEqual(3);
      await context.close();
    }
  });
});

test.describe("every page kind, JavaScript off", () => {
  for (const path of [...pageOfEachKind, "/no-such-page"]) {
    for (const viewport of [{ name: "desktop" }, { name: "phone", ...phone }]) {
      test(`${path} is styled from its own HTML, readable, and its controls work (${viewport.name})`, async ({ browser }) => {
        const context = await browser.newContext({ ...("viewport" in viewport ? phone : {}), javaScriptEnabled: false });
        const page = await context.newPage();
        const stylesheetRequests: string[] = [];
        page.on("request", (request) => {
          if (request.resourceType() === "stylesheet") stylesheetRequests.push(request.url());
        });
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(page.getByRole("banner")).toBeVisible();
        await expect(page.getByRole("contentinfo")).toBeVisible();
        // The stylesheet is in the page: the header sticks, the body has the site's font size and colour.
        expect(await page.getByRole("banner").evaluate((header) => getComputedStyle(header).position)).toBe("sticky");
        const text = await page.locator("main").innerText();
        expect(text.length).toBeGreaterThan(50);
        // The stylesheet came with the page: no request for it before the first paint.
        expect(stylesheetRequests, "stylesheet requests").toEqual([]);
        // Nothing waits for a script that will never run.
        await expect(page.getByText(/Loading/).filter({ visible: true })).toHaveCount(0);
        if ("viewport" in viewport) {
          await page.getByRole("button", { name: "Open menu" }).tap();
          await expect(menu(page)).toBeVisible();
        }
        // Nothing wider than the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(await page.evaluate(() => window.innerWidth));
        await context.close();
      });
    }
  }
});

test.describe("contact section, JavaScript off", () => {
  for (const viewport of [{ name: "desktop" }, { name: "phone", ...phone }]) {
    test(`says the form needs JavaScript before its first field, and offers the e-mail addresses and the phone instead (${viewport.name})`, async ({ browser }) => {
      const context = await browser.newContext({ ...("viewport" in viewport ? phone : {}), javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto("/#contact");
      const form = page.getByRole("form", { name: "Start Your Project" });
      // Playwright's text and role queries skip <noscript>, whose content the browser shows when scripts are off.
      const fallback = form.locator("noscript p");
      await expect(fallback).toBeVisible();
      await expect(fallback).toContainText("needs JavaScript for its spam check");
      // Before the first field, in the page's order and on the screen: read before anything is typed.
      const firstField = form.getByRole("textbox").first();
      const order = await fallback.evaluate(
        (note, field) => ({ before: !!(note.compareDocumentPosition(field!) & Node.DOCUMENT_POSITION_FOLLOWING), gap: field!.getBoundingClientRect().top - note.getBoundingClientRect().bottom }),
        await firstField.elementHandle(),
      );
      expect(order.before).toBe(true);
      expect(order.gap).toBeGreaterThanOrEqual(0);
      await expect(fallback.locator("a[href^='mailto:']")).toHaveText(site.emails);
      await expect(fallback.locator("a[href^='mailto:']").first()).toHaveAttribute("href", `mailto:${site.emails[0]}`);
      await expect(fallback.locator("a[href^='tel:']")).toHaveAttribute("href", site.phone.href);
      await expect(fallback.locator("a[href^='tel:']")).toHaveText(site.phone.display);
      // The send button says it cannot be used; the check's "Loading" line, which would wait forever, is gone.
      await expect(form.getByRole("button", { name: "Send Message" })).toBeDisabled();
      await expect(form.locator("[data-captcha-phase]")).toBeHidden();
      await fallback.scrollIntoViewIfNeeded();
      const box = await fallback.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
      await context.close();
    });
  }
});
