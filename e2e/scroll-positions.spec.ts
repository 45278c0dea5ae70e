import { expect, test, type Page } from "@playwright/test";
import { settledTop, waitForHydration, watchConsole } from "../test/support/pages";
import { blockSiteData } from "../test/support/site-data";

/*
 * Where the visitor was, kept per history entry: Back and Forward (however many times), a reload, Back from
 * another document that is not in the back-forward cache, and an arrival at /#contact (whose hash is dropped,
 * which gives the entry a new key) all return within 10 px. Phone with touch, and desktop.
 */

const viewports = [
  { name: "390 px", use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } },
  { name: "1280 px", use: { viewport: { width: 1280, height: 800 } } },
];
const TOLERANCE = 10;

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/**
 * Where the visitor is: the scroll position, and the first heading on screen with its distance from the top
 * (the same position over estimated heights would show other content: the heading is what the visitor sees).
 */
type Place = { y: number; heading: number; top: number };
const place = (page: Page): Promise<Place> =>
  page.evaluate(() => {
    const headings = [...document.querySelectorAll("main h1, main h2, main h3, footer h2, footer h3")];
    const heading = headings.findIndex((h) => h.getBoundingClientRect().top >= 0);
    return { y: window.scrollY, heading, top: heading < 0 ? 0 : headings[heading]!.getBoundingClientRect().top };
  });
const offBy = async (page: Page, was: Place) =>
  page.evaluate((was) => {
    const headings = [...document.querySelectorAll("main h1, main h2, main h3, footer h2, footer h3")];
    const top = was.heading < 0 ? 0 : (headings[was.heading]?.getBoundingClientRect().top ?? Number.NaN);
    return Math.max(Math.abs(window.scrollY - was.y), Math.abs(top - was.top));
  }, was);

/** Scrolls the way a visitor's scroll ends (one jump, then at rest), and returns where the page is. */
async function scrollTo(page: Page, y: number) {
  await page.evaluate((y) => window.scrollTo({ top: y, behavior: "instant" }), y);
  await page.waitForTimeout(150);
  return place(page);
}

/** Follows a link inside the page (client navigation) without Playwright first scrolling it into view. */
async function follow(page: Page, href: string) {
  await page.locator(`a[href="${href}"]`).first().evaluate((link: HTMLElement) => link.click());
  await expect(page).toHaveURL(href);
  await waitForHydration(page);
}

/** Where the page rests after a Back, Forward or reload (positions settle within a frame or two). */
async function expectBackAt(page: Page, was: Place, what: string) {
  await expect.poll(() => offBy(page, was), { message: `${what}: within ${TOLERANCE} px of ${JSON.stringify(was)}` }).toBeLessThanOrEqual(TOLERANCE);
  await page.waitForTimeout(200);
  expect(await offBy(page, was), `${what}: still there`).toBeLessThanOrEqual(TOLERANCE);
}

for (const viewport of viewports) {
  test.describe(`scroll positions at ${viewport.name}`, () => {
    test.use(viewport.use);

    for (const [from, to] of [
      ["/resources/digital-twins", "/services/cybersecurity"],
      ["/", "/industries/retail-ecommerce"],
    ] as const) {
      test(`Back and Forward between ${from} and ${to}, four times, return each page where it was`, async ({ page }) => {
        const problems = watchConsole(page);
        await page.goto(from);
        await waitForHydration(page);
        const fromY = await scrollTo(page, 2400);
        await follow(page, to);
        expect(await scrollY(page)).toBe(0);
        const toY = await scrollTo(page, 1500);
        for (let cycle = 1; cycle <= 4; cycle += 1) {
          await page.goBack();
          await expect(page).toHaveURL(from);
          await expectBackAt(page, fromY, `Back ${cycle}`);
          await page.goForward();
          await expect(page).toHaveURL(to);
          await expectBackAt(page, toY, `Forward ${cycle}`);
        }
        expect(problems).toEqual([]);
      });
    }

    test("a cold load of a section address, then Back and Forward three times, keeps the section where it landed", async ({ page }) => {
      await page.goto("/resources/carbon-credits#pain-points");
      await waitForHydration(page);
      await expect.poll(() => page.evaluate(() => location.hash)).toBe("");
      expect(Math.abs((await settledTop(page, "pain-points")) - 70)).toBeLessThanOrEqual(3);
      const landed = await place(page);
      await follow(page, "/resources/smart-audits");
      const top = await place(page);
      for (let cycle = 1; cycle <= 3; cycle += 1) {
        await page.goBack();
        await expect(page).toHaveURL("/resources/carbon-credits");
        await expectBackAt(page, landed, `Back ${cycle}`);
        expect(Math.abs((await settledTop(page, "pain-points")) - 70)).toBeLessThanOrEqual(TOLERANCE);
        await page.goForward();
        await expectBackAt(page, top, `Forward ${cycle}`);
      }
    });

    test("arriving at /#contact, going elsewhere and coming Back returns to the form", async ({ page }) => {
      await page.goto("/#contact");
      await waitForHydration(page);
      await expect.poll(() => page.evaluate(() => location.hash)).toBe("");
      expect(Math.abs((await settledTop(page, "contact")) - 70)).toBeLessThanOrEqual(3);
      const atForm = await place(page);
      await follow(page, "/services/cloud-migration");
      await page.goBack();
      await expect(page).toHaveURL("/");
      await expectBackAt(page, atForm, "Back to the form");
    });

    test("a reload, and Back from another document not in the back-forward cache, return to where the visitor was", async ({ page }) => {
      await page.goto("/services/cloud-migration");
      await waitForHydration(page);
      const y = await scrollTo(page, 2000);
      await page.reload();
      await expectBackAt(page, y, "after the reload");
      await waitForHydration(page);
      await expectBackAt(page, y, "after the reload, hydrated");

      // In-app entries too: another page of the site, then a document of its own (a full load), then Back twice.
      await follow(page, "/industries/retail-ecommerce");
      const industryY = await scrollTo(page, 1200);
      await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
      await page.goto("/resources/smart-audits");
      await page.goBack();
      await expect(page).toHaveURL("/industries/retail-ecommerce");
      // A new document, loaded again: not the back-forward cache (which would keep the position by itself).
      expect(await page.evaluate(() => "sameDocument" in window)).toBe(false);
      expect(await page.evaluate(() => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).type)).toBe("back_forward");
      await expectBackAt(page, industryY, "Back from another document");
      await waitForHydration(page);
      await page.goBack();
      await expect(page).toHaveURL("/services/cloud-migration");
      await expectBackAt(page, y, "Back again");
    });
  });
}

test.describe("scroll positions with site data blocked", () => {
  test("Back and Forward still return, a reload still works, nothing fails", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    await context.addInitScript(blockSiteData);
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto("/resources/digital-twins");
    await waitForHydration(page);
    const y = await scrollTo(page, 1800);
    await follow(page, "/services/cybersecurity");
    await page.goBack();
    await expectBackAt(page, y, "Back");
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(problems).toEqual([]);
    await context.close();
  });
});
