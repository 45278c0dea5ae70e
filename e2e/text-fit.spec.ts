import { expect, test, type Page } from "@playwright/test";
import { routes } from "../test/support/pages";

/*
 * Every line of text fits its box, whatever font the visitor's system substitutes: the site names system fonts
 * only, so a Linux desktop draws it in DejaVu Sans (wide) and others in a narrow face. For each font forced on every
 * element, at 320, 360, 768 and 1024 px, no text line (Range.getClientRects of each text node) may stick out of the
 * content box of the block that holds it, nor be cut by an ancestor that clips its overflow.
 */

const fonts = ["DejaVu Sans", "Liberation Sans Narrow"];
const widths = [320, 360, 768, 1024] as const;

// The forced font is an inline <style>, which the page's Content-Security-Policy forbids to scripts.
test.use({ bypassCSP: true });

/** Text lines that leave their box, as "route @width: text (how far)". */
function overflowingText(width: number) {
  const problems: string[] = [];
  const tolerance = 1;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim();
    const parent = node.parentElement;
    if (!text || !parent || parent.closest("script, style, noscript, svg, .sr-only")) continue;
    // Visually hidden on purpose (the form's honeypot: a 1 px box off-screen).
    if (parent.closest<HTMLElement>('[aria-hidden="true"]')?.getBoundingClientRect().width === 1) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const lines = [...range.getClientRects()].filter((rect) => rect.width > 0 && rect.height > 0);
    if (lines.length === 0) continue;
    // The nearest block-level box: what the line must fit between its padding.
    let block: Element = parent;
    while (block.parentElement && getComputedStyle(block).display === "inline") block = block.parentElement;
    const style = getComputedStyle(block);
    const box = block.getBoundingClientRect();
    const left = box.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft);
    const right = box.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight);
    const label = text.length > 40 ? `${text.slice(0, 40)}…` : text;
    for (const line of lines) {
      const out = Math.max(left - line.left, line.right - right);
      if (out > tolerance) {
        problems.push(`@${width}: "${label}" ${Math.round(out)} px out of its <${block.tagName.toLowerCase()} class="${block.className}">`);
        break;
      }
    }
    // Clipped by an ancestor that hides its overflow (a hero's glow, a card with rounded corners).
    for (let clip = block.parentElement; clip && clip !== document.body; clip = clip.parentElement) {
      const clipStyle = getComputedStyle(clip);
      if (clipStyle.overflowX === "visible" && clipStyle.overflowY === "visible") continue;
      const area = clip.getBoundingClientRect();
      const cut = Math.max(...lines.map((line) => Math.max(area.left - line.left, line.right - area.right)));
      if (cut > tolerance) problems.push(`@${width}: "${label}" cut by ${Math.round(cut)} px by <${clip.tagName.toLowerCase()} class="${clip.className}">`);
      break;
    }
  }
  return problems;
}

async function forceFont(page: Page, font: string) {
  // Every band laid out (content-visibility would leave far text without boxes to measure).
  await page.addStyleTag({
    content: `*, *::before, *::after { font-family: "${font}" !important; } .below-fold { content-visibility: visible !important; }`,
  });
  await page.evaluate(async (family) => {
    await document.fonts.ready;
    // A missing font would silently fall back: the sample must measure differently from the fallback.
    const context = document.createElement("canvas").getContext("2d")!;
    const measure = (font: string) => ((context.font = font), context.measureText("Implementation 99.98%").width);
    if (measure(`16px "${family}", monospace`) === measure("16px monospace")) throw new Error(`${family} is not installed`);
  }, font);
}

for (const font of fonts) {
  test(`every line of text fits its box in ${font}, at ${widths.join(", ")} px`, async ({ page }) => {
    test.setTimeout(180_000);
    const problems: string[] = [];
    for (const route of routes) {
      await page.setViewportSize({ width: widths[0], height: 800 });
      await page.goto(route);
      await forceFont(page, font);
      for (const width of widths) {
        await page.setViewportSize({ width, height: 800 });
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        problems.push(...(await page.evaluate(overflowingText, width)).map((problem) => `${route} ${problem}`));
      }
    }
    expect(problems).toEqual([]);
  });
}
