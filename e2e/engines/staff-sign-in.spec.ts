import { expect, test, until } from "../../test/support/engine-fixtures";
import { inviteStaff, mainStaff, signInLinkFromMailDir } from "../../test/support/staff";

/*
 * Signing in to the staff workspace by the mailed link, in Firefox ESR and WebKitGTK (Chromium: e2e/staff-auth.spec.ts).
 * The workspace is reached directly on its own origin (http://localhost:…), not through the site's proxy.
 */

test("an invited person signs in by the mailed link and lands where they were going; the page fits 320 px", async ({ open }) => {
  const { staffUrl, mailDir, databaseUrl } = mainStaff();
  const email = `engines-${test.info().project.name}-${Date.now().toString(36)}@staff-auth.example`;
  await inviteStaff(databaseUrl, email, ["sales"]);
  const page = await open({ width: 320, height: 640 });
  await page.goto(`${staffUrl}/account`);
  // Not signed in: the workspace sends the page to /sign-in, to come back after.
  expect(await page.evaluate(() => location.pathname + location.search)).toBe("/sign-in?next=%2Faccount");
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  const since = Date.now();
  await page.type("#email", email);
  await page.click('form[action="/sign-in"] button[type="submit"]');
  await until(() => page.evaluate(() => location.pathname), (path) => path === "/sign-in/check-your-e-mail", { message: "the check-your-e-mail page" });
  const link = await signInLinkFromMailDir(mailDir, email, since);
  await page.goto(link);
  expect(await page.evaluate(() => document.querySelector("main button")?.textContent)).toBe("Sign in");
  await page.click('main form button[type="submit"]');
  await until(() => page.evaluate(() => location.pathname), (path) => path === "/account", { message: "the account page" });
  const shown = await page.evaluate(() => ({ h1: document.querySelector("h1")?.textContent, main: document.querySelector("main")?.textContent ?? "", cookie: document.cookie }));
  expect(shown.h1).toBe("Account");
  expect(shown.main).toContain(email);
  // HttpOnly: the page's scripts cannot read the session.
  expect(shown.cookie).toBe("");
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
});
