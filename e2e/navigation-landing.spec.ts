import { expect, test, type Page } from "@playwright/test";
import { settledTop, waitForHydration, watchConsole } from "../test/support/pages";

/*
 * Where the header, the menu, the footer, the logo, Back and Forward and addresses with a section land, in the
 * "chromium" project with the other specs. What measures time in animation frames (eased scrolls, the pauses
 * before them) is in navigation.spec.ts, which runs alone in the "scroll-timing" project: these only wait for
 * the page to settle (settledTop), so a busy machine slows them but cannot fail them.
 */

const headerItems = [
  { name: "Services", id: "services" },
  { name: "Industries", id: "industries" },
  { name: "Resources", id: "resources" },
  { name: "About", id: "about" },
  { name: "Let’s Connect", id: "contact" },
];

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? "");

for (const viewport of [
  { name: "desktop", use: { viewport: { width: 1280, height: 800 } } },
  { name: "phone", use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } },
]) {
  test.describe(`header items (${viewport.name})`, () => {
    test.use(viewport.use);
    const phone = viewport.name === "phone";

    /** Chooses a header item the way a visitor of this viewport does: in the bar, or by tapping it in the menu. */
    async function choose(page: Page, name: string) {
      if (!phone) return mainNav(page).getByRole("link", { name }).click();
      await page.getByRole("button", { name: "Open menu" }).tap();
      await page.locator("#mobile-menu").getByRole("link", { name }).tap();
      await expect(page.locator("#mobile-menu")).toBeHidden();
    }

    test("from the bottom of the home page, the menu still lands each section at 70 px", async ({ page }) => {
      await page.goto("/");
      await waitForHydration(page);
      for (const item of [...headerItems].reverse()) {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await choose(page, item.name);
        expect(Math.abs((await settledTop(page, item.id)) - 70), item.name).toBeLessThanOrEqual(3);
      }
    });
  });
}

test.describe("header", () => {
  test("with reduced motion the scroll jumps", async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: "reduce", viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto("/");
    await waitForHydration(page);
    await mainNav(page).getByRole("link", { name: "Resources" }).click();
    // No animation frames needed: the position is final right after the click.
    const top = await page.evaluate(() => document.getElementById("resources")!.getBoundingClientRect().top);
    expect(Math.abs(top - 70)).toBeLessThanOrEqual(3);
    await context.close();
  });

  test("with reduced motion on a phone, the menu item still lands at 70 px", async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: "reduce", viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Open menu" }).tap();
    await page.locator("#mobile-menu").getByRole("link", { name: "About" }).tap();
    const top = await page.evaluate(() => document.getElementById("about")!.getBoundingClientRect().top);
    expect(Math.abs(top - 70)).toBeLessThanOrEqual(3);
    await context.close();
  });

  test("the logo on the home page returns to the top and focuses the page heading", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.mouse.wheel(0, 2000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await page.getByRole("link", { name: /back to the top of the home page/ }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  });

  test("a keyboard visitor who chooses Services continues inside the section", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await mainNav(page).getByRole("link", { name: "Services" }).focus();
    await page.keyboard.press("Enter");
    expect(await focusedId(page)).toBe("services");
    // No second jump: focusing did not move the page before the eased scroll.
    expect(Math.abs((await settledTop(page, "services")) - 70)).toBeLessThanOrEqual(3);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.closest("section")?.id)).toBe("services");
  });

  test("the header's Let’s Connect is the small button; the menu's is full size", async ({ page }) => {
    await page.goto("/");
    const style = (locator: ReturnType<Page["locator"]>) =>
      locator.evaluate((el) => {
        const s = getComputedStyle(el);
        return { padding: `${s.paddingTop} ${s.paddingLeft}`, fontSize: s.fontSize };
      });
    expect(await style(mainNav(page).getByRole("link", { name: "Let’s Connect" }))).toEqual({ padding: "8px 20px", fontSize: "14px" });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("button", { name: "Open menu" }).click();
    expect(await style(page.locator("#mobile-menu").getByRole("link", { name: "Let’s Connect" }))).toEqual({ padding: "12px 24px", fontSize: "16px" });
  });
});

test.describe("addresses and history", () => {
  test("a cold load of /#contact scrolls to the form and drops the hash without a new history entry", async ({ page }) => {
    await page.addInitScript(() => {
      (window as unknown as { entriesAtLoad: number }).entriesAtLoad = history.length;
    });
    await page.goto("/#contact");
    await waitForHydration(page);
    await expect.poll(() => page.evaluate(() => window.location.href)).toMatch(/\/$/);
    expect(Math.abs((await settledTop(page, "contact")) - 70)).toBeLessThanOrEqual(3);
    expect(await page.evaluate(() => history.length)).toBe(await page.evaluate(() => (window as unknown as { entriesAtLoad: number }).entriesAtLoad));
  });

  test("a call to action on an inner page lands on the home contact section", async ({ page }) => {
    await page.goto("/services/cloud-migration");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Get Migration Assessment" }).click();
    await expect(page).toHaveURL("/");
    expect(Math.abs((await settledTop(page, "contact")) - 70)).toBeLessThanOrEqual(3);
  });

  test("a new path starts at the top, with focus on its heading", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.locator("#services").getByRole("link", { name: "Cloud Migration" }).click();
    await expect(page).toHaveURL("/services/cloud-migration");
    await expect(page.getByRole("heading", { level: 1, name: "Cloud Migration" })).toBeFocused();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.mouse.wheel(0, 2500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await page.getByRole("contentinfo").getByRole("link", { name: "Smart Audits" }).click();
    await expect(page).toHaveURL("/resources/smart-audits");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Smart Audits");
  });

  // Malformed escapes used to throw URIError in the scroll manager and replace the page with the error screen.
  for (const hash of ["#%", "#%E0%A4%A", "#no-such-section"]) {
    test(`an address ending in ${hash} leaves the page working, scrolled nowhere, and drops the hash`, async ({ page }) => {
      const problems = watchConsole(page);
      await page.goto(`/${hash}`);
      await waitForHydration(page);
      await expect.poll(() => page.evaluate(() => location.href)).toMatch(/\/$/);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByText("Unexpected Application Error!")).toHaveCount(0);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await mainNav(page).getByRole("link", { name: "About" }).click();
      expect(Math.abs((await settledTop(page, "about")) - 70)).toBeLessThanOrEqual(3);
      expect(problems).toEqual([]);
    });
  }

  test("an escaped id in the hash is decoded, and hydration leaves focus where the visitor has it", async ({ page }) => {
    await page.goto("/#%63ontact");
    await waitForHydration(page);
    expect(Math.abs((await settledTop(page, "contact")) - 70)).toBeLessThanOrEqual(3);
    // The browser's own jump placed it; React, arriving later, moves neither the page nor focus (decision 30).
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  });
});

/** The scroll position once a wheel scroll has come to rest (the same for 250 ms). */
async function restingScrollY(page: Page): Promise<number> {
  let last = -1;
  for (;;) {
    const y = await page.evaluate(() => window.scrollY);
    if (y === last) return y;
    last = y;
    await page.waitForTimeout(250);
  }
}

test("Back and Forward return to where the visitor was", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await page.locator("#industries").scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 300);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  const homeY = await restingScrollY(page);
  // A DOM click: Playwright's own click would first scroll the link into view and move the page from homeY.
  await page.locator("#industries").getByRole("link", { name: "Energy & Infrastructure" }).evaluate((link: HTMLElement) => link.click());
  await expect(page).toHaveURL("/industries/energy-infrastructure");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.mouse.wheel(0, 900);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  const industryY = await restingScrollY(page);

  await page.goBack();
  await expect(page).toHaveURL("/");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(homeY);
  await page.goForward();
  await expect(page).toHaveURL("/industries/energy-infrastructure");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(industryY);
});

test.describe("mobile menu at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("opens and closes with its toggle, on Escape, and after an item is chosen", async ({ page }) => {
    await page.goto("/resources/digital-twins");
    await waitForHydration(page);
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toHaveAttribute("aria-controls", "mobile-menu");
    const menu = page.locator("#mobile-menu");
    await expect(menu).toBeHidden();
    await expect(mainNav(page)).toBeHidden();

    await toggle.click();
    await expect(menu).toBeVisible();
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();

    await page.getByRole("button", { name: "Open menu" }).click();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();

    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "Industries" }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL("/");
    expect(Math.abs((await settledTop(page, "industries")) - 70)).toBeLessThanOrEqual(3);
  });
});

test.describe("footer", () => {
  test("links the pages the spec lists, with Careers as text and placeholders that go nowhere", async ({ page }) => {
    await page.goto("/industries/defense-mining");
    await waitForHydration(page);
    const footer = page.getByRole("contentinfo");
    const hrefs = await footer.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    for (const slug of ["ux-design", "platform-modernization", "digital-transformation", "intelligent-enterprise", "cybersecurity"]) {
      expect(hrefs).toContain(`/services/${slug}`);
    }
    for (const slug of ["manufacturing-supply-chain", "retail-ecommerce", "healthcare-life-sciences", "telecom-real-estate", "bfsi-compliance-tech"]) {
      expect(hrefs).toContain(`/industries/${slug}`);
    }
    for (const slug of ["digital-twins", "smart-audits", "retail-technology", "predictive-maintenance", "industrial-revolutions", "carbon-credits"]) {
      expect(hrefs).toContain(`/resources/${slug}`);
    }
    expect(hrefs.filter((href) => href === "/#services" || href === "/#industries")).toHaveLength(2);
    await expect(footer.getByRole("link", { name: "More+" })).toHaveCount(2);
    await expect(footer.getByRole("link", { name: "About Us" })).toHaveAttribute("href", "/#about");
    await expect(footer.getByRole("link", { name: "Contact" })).toHaveAttribute("href", "/#contact");
    await expect(footer.getByText("Careers", { exact: true })).toBeVisible();
    await expect(footer.getByRole("link", { name: "Careers" })).toHaveCount(0);
    await expect(footer).toContainText("© 2025");

    await footer.scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => ({ url: location.href, y: window.scrollY, entries: history.length }));
    for (const name of ["Privacy Policy", "Terms of Service", "Cookies"]) {
      // They are marked aria-disabled, which Playwright treats as not clickable; a visitor can still click them.
      await footer.getByRole("link", { name }).click({ force: true });
      expect(await page.evaluate(() => ({ url: location.href, y: window.scrollY, entries: history.length }))).toEqual(before);
    }

    await footer.getByRole("link", { name: "About Us" }).click();
    await expect(page).toHaveURL("/");
    expect(Math.abs((await settledTop(page, "about")) - 70)).toBeLessThanOrEqual(3);
  });
});
