import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { navigationLandmarks } from "../test/support/accessibility-tree";
import { waitForHydration } from "../test/support/pages";

/*
 * The accessibility tree beyond what each page's pass checks (e2e/routes.spec.ts runs axe and the tree check of
 * test/support/accessibility-tree.ts in one pass per page kind and width): the footer's navigation landmark
 * with the menu closed, and a page height that is real, so a far jump lands where it was dropped.
 */

const viewports = [
  { name: "390 px", use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } },
  { name: "1280 px", use: { viewport: { width: 1280, height: 800 } } },
];

for (const viewport of viewports) {
  test(`at ${viewport.name}, with the menu closed, the footer's link lists are a navigation landmark named "Footer", JavaScript on and off`, async ({ browser }) => {
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ ...viewport.use, javaScriptEnabled });
      const page = await context.newPage();
      await page.goto("/services/cloud-migration", { waitUntil: "load" });
      if (javaScriptEnabled) await waitForHydration(page);
      await expect(page.locator("#mobile-menu")).toBeHidden();
      // On a phone the header's navigation is behind the menu button: the footer's is the one the tree has.
      const expected = viewport.name === "390 px" ? ["Footer"] : ["Main", "Footer"];
      await expect.poll(() => navigationLandmarks(page), { message: `JavaScript ${javaScriptEnabled ? "on" : "off"}` }).toEqual(expected);
      const footerNav = page.getByRole("contentinfo").getByRole("navigation", { name: "Footer" });
      await expect(footerNav.getByRole("link", { name: "More+" })).toHaveCount(2);
      await expect(footerNav.getByRole("heading", { name: "Resources" })).toBeVisible();
      await context.close();
    }
    // Each landmark's name tells it apart from the others of its kind (axe's landmark rules, beyond WCAG's tags;
    // axe runs as a script in the page).
    {
      const context = await browser.newContext(viewport.use);
      const page = await context.newPage();
      await page.goto("/services/cloud-migration", { waitUntil: "load" });
      await waitForHydration(page);
      const landmarkRules = ["landmark-unique", "landmark-no-duplicate-banner", "landmark-no-duplicate-contentinfo", "landmark-contentinfo-is-top-level", "landmark-one-main"];
      const axe = await new AxeBuilder({ page }).withRules(landmarkRules).analyze();
      expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
      expect(axe.passes.map((rule) => rule.id)).toContain("landmark-unique");
      await context.close();
    }
  });
}

test.describe("page height (390 px)", () => {
  test.use(viewports[0]!.use);

  test("a far jump on a long page lands where it was dropped: nothing under the screen moves afterwards", async ({ page }) => {
    await page.goto("/services/cloud-migration", { waitUntil: "load" });
    await waitForHydration(page);
    const landed = await page.evaluate(async () => {
      const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const height = document.documentElement.scrollHeight;
      // A scrollbar drag to 60 %: one jump, no smooth scrolling.
      window.scrollTo({ top: 0.6 * (height - window.innerHeight), behavior: "instant" });
      const element = document.elementFromPoint(window.innerWidth / 2, window.innerHeight / 2)!;
      const top = element.getBoundingClientRect().top;
      await frames();
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { height, heightAfter: document.documentElement.scrollHeight, top, topAfter: element.getBoundingClientRect().top };
    });
    expect(landed.heightAfter, "page height").toBe(landed.height);
    expect(Math.abs(landed.topAfter - landed.top), "movement of what was under the screen's middle").toBeLessThanOrEqual(3);
  });
});
