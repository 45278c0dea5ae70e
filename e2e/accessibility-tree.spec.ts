import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { waitForHydration } from "../test/support/pages";

/*
 * What a screen reader gets is the accessibility tree, not the DOM that axe reads: CSS such as
 * content-visibility keeps parts of the page out of it. Every heading, link and landmark the page shows must be
 * in Chromium's tree (CDP Accessibility.getFullAXTree) and not ignored, within 1 s after `load`, with
 * JavaScript on and off; and the page's height must be real, so a far jump lands where it was dropped.
 */

const pageKinds = ["/", "/services/application-development", "/industries/retail-ecommerce", "/resources/carbon-credits", "/no-such-page"];
const viewports = [
  { name: "390 px", use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } },
  { name: "1280 px", use: { viewport: { width: 1280, height: 800 } } },
];

type Summary = { headings: string[]; links: number; footerLinks: number; landmarks: Record<string, number> };
const landmarkRoles = ["banner", "main", "contentinfo", "navigation", "region"];
const clean = (text: string) => text.replace(/\s+/g, " ").trim().toLowerCase();

/** What the page shows (rendered, not display:none), read from the DOM. */
function expectedFromDom(page: Page): Promise<Summary> {
  return page.evaluate((landmarkRoles) => {
    const clean = (text: string) => text.replace(/\s+/g, " ").trim().toLowerCase();
    const shown = (el: Element) => el.checkVisibility({ visibilityProperty: true });
    const all = (selector: string, root: ParentNode = document) => [...root.querySelectorAll(selector)].filter(shown);
    const footer = document.querySelector("footer")!;
    const landmarkSelectors: Record<string, string> = {
      banner: "header",
      main: "main",
      contentinfo: "footer",
      navigation: "nav",
      region: "section[aria-labelledby], section[aria-label]",
    };
    // A header or footer inside sectioning content is no landmark (HTML-AAM).
    const scoped = (el: Element) => !["header", "footer"].includes(el.localName) || !el.parentElement?.closest("article, aside, main, nav, section");
    const landmarks = Object.fromEntries(landmarkRoles.map((role) => [role, all(landmarkSelectors[role]!).filter(scoped).length]));
    return {
      headings: all("h1, h2, h3, h4, h5, h6")
        .map((h) => clean(h.textContent ?? ""))
        .sort(),
      links: all("a[href]").length,
      footerLinks: all("a[href]", footer).length,
      landmarks,
    };
  }, landmarkRoles);
}

/** The same, read from Chromium's accessibility tree: nodes that are there and not ignored. */
async function fromAccessibilityTree(page: Page): Promise<Summary> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = await cdp.send("Accessibility.getFullAXTree");
    const byId = new Map(nodes.map((node) => [node.nodeId, node]));
    const present = nodes.filter((node) => !node.ignored);
    const role = (node: (typeof nodes)[number]) => String(node.role?.value ?? "");
    const inFooter = (node: (typeof nodes)[number]) => {
      for (let at = node.parentId ? byId.get(node.parentId) : undefined; at; at = at.parentId ? byId.get(at.parentId) : undefined) {
        if (!at.ignored && role(at) === "contentinfo") return true;
      }
      return false;
    };
    const links = present.filter((node) => role(node) === "link");
    return {
      headings: present
        .filter((node) => role(node) === "heading")
        .map((node) => clean(String(node.name?.value ?? "")))
        .sort(),
      links: links.length,
      footerLinks: links.filter(inFooter).length,
      landmarks: Object.fromEntries(landmarkRoles.map((landmark) => [landmark, present.filter((node) => role(node) === landmark).length])),
    };
  } finally {
    await cdp.detach();
  }
}

async function expectWholeTree(page: Page, path: string) {
  const expected = await expectedFromDom(page);
  expect(expected.headings.length, "headings on the page").toBeGreaterThan(1);
  expect(expected.footerLinks, "links in the footer").toBeGreaterThan(10);
  expect(expected.landmarks.contentinfo).toBe(1);
  // Within 1 s after load (a bit more for the protocol's own round trips on a busy machine).
  await expect
    .poll(() => fromAccessibilityTree(page), { message: `accessibility tree of ${path}`, timeout: 1500, intervals: [100, 200, 300] })
    .toEqual(expected);
}

for (const viewport of viewports) {
  test.describe(`accessibility tree at ${viewport.name}`, () => {
    test.use(viewport.use);
    for (const path of pageKinds) {
      test(`${path}: every heading, link and landmark is in the tree within 1 s after load, JavaScript on and off`, async ({ page, browser }) => {
        await page.route(/(google\.com|gstatic\.com|recaptcha\.net)/, (route) => route.abort());
        await page.goto(path, { waitUntil: "load" });
        await expectWholeTree(page, path);
        await waitForHydration(page);

        const context = await browser.newContext({ ...viewport.use, javaScriptEnabled: false });
        const noScript = await context.newPage();
        await noScript.goto(path, { waitUntil: "load" });
        await expectWholeTree(noScript, `${path} without JavaScript`);
        await context.close();
      });
    }
  });
}

/** The navigation landmarks in Chromium's accessibility tree (present, not ignored), by name. */
async function navigationLandmarks(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = await cdp.send("Accessibility.getFullAXTree");
    return nodes.filter((node) => !node.ignored && node.role?.value === "navigation").map((node) => String(node.name?.value ?? ""));
  } finally {
    await cdp.detach();
  }
}

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
