import { expect, test, type Page } from "@playwright/test";
import { site } from "../app/config/site";
import { waitForHydration } from "../test/support/pages";

/*
 * What a visitor gets when the page's own code does not arrive (the contact form's fallback) and on paper
 * (the print stylesheet at the end of app/app.css).
 */

const FORM_CODE = /\/assets\/contact-form-logic-[\w-]+\.js$/;

async function expectOtherWaysIn(page: Page, { hydrated }: { hydrated: boolean }) {
  const note = page.locator("#contact").getByText(/The form could not be loaded/);
  await expect(note).toBeVisible({ timeout: 25_000 });
  for (const email of site.emails) await expect(note.getByRole("link", { name: email })).toHaveAttribute("href", `mailto:${email}`);
  await expect(note.getByRole("link", { name: site.phone.display })).toHaveAttribute("href", site.phone.href);
  // Before hydration Send stays disabled (a native post would skip the check); after it, Send tries the code again.
  if (!hydrated) await expect(page.getByRole("button", { name: "Send Message" })).toBeDisabled();
}

test.describe("contact form whose code does not arrive", () => {
  // The note waits 20 s before hydration and 12 s after asking for the form's code (app.css, contact-form.tsx).
  test.describe.configure({ timeout: 60_000 });
  test("none of the page's scripts load: after a few seconds the form says so and offers the e-mail and phone", async ({ page }) => {
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.goto("/#contact");
    const note = page.locator("#contact").getByText(/The form could not be loaded/);
    // Not at once: a page whose code is only slow must not cry wolf.
    await page.waitForTimeout(2000);
    await expect(note).toBeHidden();
    await expect(page.getByText("Loading the reCAPTCHA check…")).toBeVisible();
    await expectOtherWaysIn(page, { hydrated: false });
    await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
  });

  test("the form's chunk hangs after hydration: the same note, once the code is overdue", async ({ page }) => {
    await page.route(FORM_CODE, () => {
      /* never answered */
    });
    await page.goto("/");
    await waitForHydration(page);
    await page.locator("#contact").scrollIntoViewIfNeeded();
    await page.waitForTimeout(2000);
    await expect(page.locator("#contact").getByText(/The form could not be loaded/)).toBeHidden();
    await expectOtherWaysIn(page, { hydrated: true });
  });

  test("the form's chunk fails after hydration: the note and the e-mail and phone at once", async ({ page }) => {
    await page.route(FORM_CODE, (route) => route.abort());
    await page.goto("/");
    await waitForHydration(page);
    await page.locator("#contact").scrollIntoViewIfNeeded();
    await expect(page.getByText(/The reCAPTCHA check could not be loaded/)).toBeVisible({ timeout: 3000 });
    await expectOtherWaysIn(page, { hydrated: true });
  });
});

/** WCAG contrast ratio of two "rgb(r, g, b)" colours. */
function contrast(a: string, b: string) {
  const luminance = (color: string) => {
    const [r, g, bl] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

test.describe("printed", () => {
  for (const path of ["/", "/services/cloud-migration"]) {
    test(`${path}: no navigation, menu, footer link lists or form controls; dark on white; body links with their full address; cards whole`, async ({ page }) => {
      await page.goto(path);
      await waitForHydration(page);
      await page.emulateMedia({ media: "print" });
      await expect(page.getByRole("banner")).toBeHidden();
      for (const nav of await page.locator("nav").all()) await expect(nav).toBeHidden();
      await expect(page.locator("#mobile-menu")).toBeHidden();
      await expect(page.locator("form input, form textarea, button")).toHaveCount(await page.locator("form input, form textarea, button").count());
      for (const control of await page.locator("input:not([tabindex='-1']), textarea, button").all()) await expect(control).toBeHidden();

      // Every piece of text that used to print pale (hero, closing band, footer) is dark on white now.
      const colours = await page.evaluate(() => {
        const pick = (selector: string) => [...document.querySelectorAll(selector)].map((element) => getComputedStyle(element).color);
        return {
          page: getComputedStyle(document.body).backgroundColor,
          text: [...pick("main h1"), ...pick("main section:first-of-type p"), ...pick("main > :last-child p"), ...pick("footer p"), ...pick("footer a")],
          backgrounds: [...document.querySelectorAll("main section, footer")].map((element) => getComputedStyle(element).backgroundColor),
        };
      });
      expect(colours.page).toBe("rgb(255, 255, 255)");
      expect(colours.text.length).toBeGreaterThan(3);
      for (const colour of colours.text) expect(contrast(colour, "rgb(255, 255, 255)"), colour).toBeGreaterThanOrEqual(7);
      for (const background of colours.backgrounds) expect(["rgba(0, 0, 0, 0)", "rgb(255, 255, 255)"]).toContain(background);

      // A link in the body to another page is followed by its full address, once (issue 38); a section link, an
      // e-mail address or a phone number is not. The footer's link lists and its placeholder links do not print.
      const links = await page.evaluate(() => {
        const origin = new URL(document.querySelector<HTMLLinkElement>("link[rel='canonical']")!.href).origin;
        const printed = (a: Element) => a.checkVisibility() && !a.closest("noscript");
        const after = (a: Element) => getComputedStyle(a, "::after").content;
        return {
          origin,
          main: [...document.querySelectorAll("main a[href]")].filter(printed).map((a) => ({ href: a.getAttribute("href")!, after: after(a), text: a.textContent ?? "" })),
          outside: [...document.querySelectorAll("a[href]")].filter((a) => !a.closest("main") && printed(a)).map((a) => ({ href: a.getAttribute("href")!, after: after(a) })),
          footerLists: [...document.querySelectorAll("footer ul, footer nav, a[aria-disabled='true']")].filter((element) => element.checkVisibility()).length,
        };
      });
      expect(links.origin).toMatch(/^https?:\/\/[^/]+$/);
      const toPages = links.main.filter(({ href }) => href.startsWith("/") && !href.startsWith("/#"));
      // The home page's cards link to the service, industry and resource pages; a service page's body has none.
      if (path === "/") expect(toPages.length).toBeGreaterThan(20);
      for (const { href, after, text } of toPages) {
        expect(after, href).toBe(`" (${links.origin}${href})"`);
        expect(text, href).not.toContain(href);
      }
      for (const { href, after } of links.main.filter((link) => !toPages.includes(link))) expect(after, href).toMatch(/^(none|normal|"")$/);
      expect(links.outside.filter(({ after }) => !/^(none|normal|"")$/.test(after))).toEqual([]);
      expect(links.footerLists).toBe(0);
      const cards = await page.evaluate(() => [...document.querySelectorAll("article, img")].map((element) => getComputedStyle(element).breakInside));
      expect(cards.length).toBeGreaterThan(0);
      expect(new Set(cards)).toEqual(new Set(["avoid"]));

      const pdf = await page.pdf({ format: "A4" });
      expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
      expect(pdf.length).toBeGreaterThan(20_000);
    });
  }
});
