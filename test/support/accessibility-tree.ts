import { expect, type Page } from "@playwright/test";

/*
 * What a screen reader gets is the accessibility tree, not the DOM that axe reads: CSS such as
 * content-visibility keeps parts of the page out of it. Every heading, link and landmark the page shows must be
 * in Chromium's tree (CDP Accessibility.getFullAXTree) and not ignored, within 1 s after `load`, with
 * JavaScript on and off (e2e/routes.spec.ts, in the same pass as axe; e2e/accessibility-tree.spec.ts).
 */

/** The page of each kind whose tree is checked, and the not-found page. */
export const treePageKinds = ["/", "/services/application-development", "/industries/retail-ecommerce", "/resources/carbon-credits", "/this-page-does-not-exist"];

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
export async function fromAccessibilityTree(page: Page): Promise<Summary> {
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

export async function expectWholeTree(page: Page, path: string) {
  const expected = await expectedFromDom(page);
  expect(expected.headings.length, "headings on the page").toBeGreaterThan(1);
  expect(expected.footerLinks, "links in the footer").toBeGreaterThan(10);
  expect(expected.landmarks.contentinfo).toBe(1);
  // Within 1 s after load (a bit more for the protocol's own round trips on a busy machine).
  await expect
    .poll(() => fromAccessibilityTree(page), { message: `accessibility tree of ${path}`, timeout: 1500, intervals: [100, 200, 300] })
    .toEqual(expected);
}

/** The navigation landmarks in Chromium's accessibility tree (present, not ignored), by name. */
export async function navigationLandmarks(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = await cdp.send("Accessibility.getFullAXTree");
    return nodes.filter((node) => !node.ignored && node.role?.value === "navigation").map((node) => String(node.name?.value ?? ""));
  } finally {
    await cdp.detach();
  }
}

