import { expect, test, type Page } from "@playwright/test";
import { waitForHydration } from "../test/support/pages";
import { stubRecaptcha } from "../test/support/recaptcha-stub";

/*
 * WCAG 2.2 AA 2.4.11, Focus Not Obscured: Tab through a whole page and Shift+Tab back, and every element that gets
 * keyboard focus is entirely on screen: not under the sticky header, not below the bottom of the viewport.
 * (The header's own controls, and the skip link that shows over it, are not under it.)
 */

const viewports = [
  { name: "390x844", use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } },
  { name: "1280x800", use: { viewport: { width: 1280, height: 800 } } },
];

type Focused = { name: string; inClosingCta: boolean; overHeader: boolean; top: number; bottom: number; headerBottom: number; viewportHeight: number } | null;

/** The focused element once the page has followed it (two frames), or null when focus left the page. */
function focused(page: Page): Promise<Focused> {
  return page.evaluate(
    () =>
      new Promise<Focused>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            const element = document.activeElement;
            if (!element || element === document.body || element === document.documentElement) return resolve(null);
            const header = document.querySelector("header")!;
            const rect = element.getBoundingClientRect();
            const label = element.getAttribute("aria-label") ?? element.textContent ?? "";
            resolve({
              name: `${element.localName} "${label.replace(/\s+/g, " ").trim().slice(0, 40)}"${element.id ? `#${element.id}` : ""}`,
              inClosingCta: element.closest('[aria-labelledby="cta-heading"]') !== null,
              overHeader: header.contains(element) || getComputedStyle(element).position === "fixed",
              top: rect.top,
              bottom: rect.bottom,
              headerBottom: header.getBoundingClientRect().bottom,
              viewportHeight: window.innerHeight,
            });
          }),
        ),
      ),
  );
}

async function walk(page: Page, key: "Tab" | "Shift+Tab", stopAt?: string) {
  const seen: string[] = [];
  let closingCta = false;
  for (let step = 0; step < 400; step += 1) {
    await page.keyboard.press(key);
    const now = await focused(page);
    if (!now) break;
    if (seen.length > 0 && now.name === seen[0]) break;
    seen.push(now.name);
    closingCta ||= now.inClosingCta;
    if (!now.overHeader) {
      expect(now.top, `${key} to ${now.name}: top below the header`).toBeGreaterThanOrEqual(now.headerBottom - 0.5);
      expect(now.bottom, `${key} to ${now.name}: bottom on screen`).toBeLessThanOrEqual(now.viewportHeight + 0.5);
    }
    if (now.name === stopAt) break;
  }
  return { seen, closingCta };
}

for (const viewport of viewports) {
  test.describe(`focus not obscured at ${viewport.name}`, () => {
    test.use(viewport.use);

    for (const path of ["/", "/services/cloud-migration", "/industries/retail-ecommerce"]) {
      test(`${path}: Tab through the whole page and Shift+Tab back, every focused element fully visible`, async ({ page }) => {
        await stubRecaptcha(page);
        await page.goto(path);
        await waitForHydration(page);
        const forward = await walk(page, "Tab");
        expect(forward.seen.length, "elements reached").toBeGreaterThan(20);
        if (path !== "/") expect(forward.closingCta, "the closing call to action was focused").toBe(true);
        // From where Tab left the page, back to its first element.
        const backward = await walk(page, "Shift+Tab", forward.seen[0]);
        expect(backward.seen.length, "elements reached going back").toBeGreaterThanOrEqual(forward.seen.length - 1);
      });
    }
  });
}
