import { expect, test } from "@playwright/test";
import { captchaState, stubRecaptcha } from "../test/support/recaptcha-stub";
import { waitForHydration } from "../test/support/pages";

/*
 * Google's reCAPTCHA box has a fixed size (304x78, compact 164x144; the stand-in draws exactly that). On phones
 * of 360 px and less the form is narrower than 304 px: the box must be the compact one there and stay inside the
 * card, so the page never scrolls sideways (Chrome would zoom the whole page out to fit it). Where it fits, the
 * normal box, and the room reserved before it loads is the box's own height (no jump when it arrives).
 */

for (const { width, size, box } of [
  { width: 320, size: "compact", box: [164, 144] },
  { width: 360, size: "compact", box: [164, 144] },
  { width: 390, size: "normal", box: [304, 78] },
  { width: 1280, size: "normal", box: [304, 78] },
]) {
  test(`at ${width} px the reCAPTCHA box is the ${size} one, inside its card, and nothing scrolls sideways`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width, height: 800 }, hasTouch: width < 500, isMobile: width < 500 });
    const page = await context.newPage();
    await stubRecaptcha(page);
    await page.goto("/#contact");
    await waitForHydration(page);
    const stub = page.locator("[data-captcha-stub]");
    await expect(stub).toHaveAttribute("data-captcha-stub", size);
    expect((await captchaState(page)).renders).toEqual([expect.objectContaining({ size })]);
    const drawn = (await stub.boundingBox())!;
    expect([drawn.width, drawn.height]).toEqual(box);
    // The room held for the box before it loads (CSS container query on the same 304 px).
    expect(await page.locator("[data-captcha-phase]").evaluate((element) => getComputedStyle(element).minHeight)).toBe(`${box[1]}px`);
    const card = (await page.getByRole("form", { name: "Start Your Project" }).boundingBox())!;
    expect(drawn.x + drawn.width).toBeLessThanOrEqual(card.x + card.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    // On a phone the page is not zoomed out to make room.
    expect(await page.evaluate(() => window.visualViewport?.scale ?? 1)).toBe(1);
    await context.close();
  });
}
