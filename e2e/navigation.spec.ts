import { expect, test, type Page } from "@playwright/test";
import { settledTop, waitForHydration } from "./support/pages";

const headerItems = [
  { name: "Services", id: "services" },
  { name: "Industries", id: "industries" },
  { name: "Resources", id: "resources" },
  { name: "About", id: "about" },
  { name: "Let’s Connect", id: "contact" },
];

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });

test.describe("header items", () => {
  for (const item of headerItems) {
    test(`${item.name} on the home page scrolls its section to 70 px`, async ({ page }) => {
      await page.goto("/");
      await waitForHydration(page);
      await mainNav(page).getByRole("link", { name: item.name }).click();
      expect(Math.abs((await settledTop(page, item.id)) - 70)).toBeLessThanOrEqual(3);
      await expect(page).toHaveURL("/");
    });

    test(`${item.name} on an inner page goes home, then scrolls its section to 70 px`, async ({ page }) => {
      await page.goto("/industries/energy-infrastructure");
      await waitForHydration(page);
      await mainNav(page).getByRole("link", { name: item.name }).click();
      await expect(page).toHaveURL("/");
      expect(Math.abs((await settledTop(page, item.id)) - 70)).toBeLessThanOrEqual(3);
    });
  }

  test("the scroll is an animation of about 800 ms, not a jump", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const samples = page.evaluate(
      () =>
        new Promise<{ t: number; y: number }[]>((resolve) => {
          const out: { t: number; y: number }[] = [];
          const start = performance.now();
          const sample = () => {
            out.push({ t: performance.now() - start, y: window.scrollY });
            if (performance.now() - start < 1200) requestAnimationFrame(sample);
            else resolve(out);
          };
          requestAnimationFrame(sample);
        }),
    );
    await mainNav(page).getByRole("link", { name: "About" }).click();
    const points = await samples;
    const end = points.at(-1)!.y;
    const between = new Set(points.filter((p) => p.y > 0 && p.y < end - 1).map((p) => Math.round(p.y)));
    expect(between.size).toBeGreaterThan(5);
    const arrived = points.find((p) => Math.abs(p.y - end) < 1)!;
    expect(arrived.t).toBeGreaterThan(500);
  });

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

  test("the logo returns to the top of the home page", async ({ page }) => {
    await page.goto("/services/cybersecurity");
    await waitForHydration(page);
    await page.mouse.wheel(0, 1500);
    await page.getByRole("link", { name: /back to the top of the home page/ }).click();
    await expect(page).toHaveURL("/");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await page.mouse.wheel(0, 2000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await page.getByRole("link", { name: /back to the top of the home page/ }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
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

  test("a new path starts at the top", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.locator("#services").getByRole("link", { name: "Cloud Migration" }).click();
    await expect(page).toHaveURL("/services/cloud-migration");
    await expect(page.getByRole("heading", { level: 1, name: "Cloud Migration" })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.mouse.wheel(0, 2500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await page.getByRole("contentinfo").getByRole("link", { name: "Smart Audits" }).click();
    await expect(page).toHaveURL("/resources/smart-audits");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test("Back and Forward return to where the visitor was", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await page.locator("#industries").scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 300);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  await page.waitForTimeout(200);
  const homeY = await page.evaluate(() => window.scrollY);
  await page.locator("#industries").getByRole("link", { name: "Energy & Infrastructure" }).click();
  await expect(page).toHaveURL("/industries/energy-infrastructure");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.mouse.wheel(0, 900);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await page.waitForTimeout(200);
  const industryY = await page.evaluate(() => window.scrollY);

  await page.goBack();
  await expect(page).toHaveURL("/");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(homeY);
  await page.goForward();
  await expect(page).toHaveURL("/industries/energy-infrastructure");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(industryY);
});

test.describe("mobile menu at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

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
