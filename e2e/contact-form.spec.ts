import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { home } from "../app/content/catalog.server";
import { DATABASE_URL } from "../playwright.config";
import { captchaState, RECAPTCHA_SCRIPT, setNextCaptchaKind, stubRecaptcha, type CaptchaKind } from "../test/support/recaptcha-stub";
import { startFakeSiteverify } from "../test/support/fake-siteverify.mjs";
import { leadIdOf, listMessages, startDevServer, startServer } from "../test/support/servers";
import { unique } from "../test/support/leads";

/*
 * The contact form in Chromium against the production build and the real contact API with its SQLite file.
 * Only Google is stood in for: its reCAPTCHA script (recaptcha-stub.ts) and siteverify (fake-siteverify.mjs).
 */

const STATUS = {
  sending: "Sending...",
  captcha: "Please complete the reCAPTCHA.",
  sent: "Message sent successfully!",
  failed: "Error: Failed to send message. Please check your network or try again later.",
};
const GOOGLE_TEST_SITE_KEY = "6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI";

type Values = { firstName: string; lastName: string; email: string; company: string; message: string };
const labels: Record<keyof Values, string> = {
  firstName: "First Name",
  lastName: "Last Name",
  email: "Email",
  company: "Company",
  message: "Project Details",
};

const sample = (overrides: Partial<Values> = {}): Values => ({
  firstName: "Grace",
  lastName: "Hopper",
  email: "grace@example.com",
  company: "Navy Labs",
  message: `We want to modernise our COBOL estate. ${unique()}`,
  ...overrides,
});

function contactForm(page: Page) {
  const form = page.getByRole("form", { name: "Start Your Project" });
  return {
    form,
    status: form.getByRole("status"),
    submit: form.getByRole("button", { name: "Send Message" }),
    captchaBox: form.getByRole("checkbox", { name: "I'm not a robot" }),
    field: (name: keyof Values) => form.getByLabel(labels[name], { exact: true }),
  };
}

async function openForm(page: Page) {
  const stub = await stubRecaptcha(page);
  await page.goto("/");
  const ui = contactForm(page);
  await expect(ui.submit).toBeEnabled(); // hydrated
  await ui.form.scrollIntoViewIfNeeded();
  await expect(ui.captchaBox).toBeVisible();
  return { ...ui, stub };
}

async function fillForm(ui: ReturnType<typeof contactForm>, values: Values) {
  for (const name of Object.keys(labels) as (keyof Values)[]) await ui.field(name).fill(values[name]);
}

async function expectFields(ui: ReturnType<typeof contactForm>, values: Values) {
  for (const name of Object.keys(labels) as (keyof Values)[]) await expect(ui.field(name)).toHaveValue(values[name]);
}

async function tick(page: Page, ui: ReturnType<typeof contactForm>, kind: CaptchaKind = "pass") {
  await setNextCaptchaKind(page, kind);
  await ui.captchaBox.check();
}

const contactPosts = (page: Page) => {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/contact") posts.push(request.postData() ?? "");
  });
  return posts;
};

test.describe("contact form", () => {
  test("is in the prerendered HTML, labelled and constrained, before any JavaScript runs", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    const ui = contactForm(page);
    await expect(page.getByRole("heading", { name: "Start Your Project" })).toBeVisible();
    const limits = { firstName: 100, lastName: 100, email: 254, company: 200, message: 5000 };
    for (const [name, max] of Object.entries(limits) as [keyof Values, number][]) {
      await expect(ui.field(name)).toBeVisible();
      await expect(ui.field(name)).toHaveAttribute("maxlength", String(max));
      if (name === "company") await expect(ui.field(name)).not.toHaveAttribute("required");
      else await expect(ui.field(name)).toHaveAttribute("required");
    }
    await expect(ui.field("email")).toHaveAttribute("type", "email");
    await expect(ui.status).toHaveText("");
    await context.close();
  });

  test("says under the form, on a phone, what happens to the visitor's details", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto("/#contact");
    const note = page.getByText(home.contact.privacyNote);
    await note.scrollIntoViewIfNeeded();
    await expect(note).toBeVisible();
    const send = await page.getByRole("button", { name: "Send Message" }).boundingBox();
    const box = await note.boundingBox();
    // Right under the Send button, inside the phone's width.
    expect(box!.y).toBeGreaterThan(send!.y + send!.height);
    expect(box!.y - (send!.y + send!.height)).toBeLessThan(120);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await context.close();
  });

  test("loads Google's script only when the contact section comes near, then renders a light checkbox", async ({ page }) => {
    const stub = await stubRecaptcha(page);
    await page.goto("/");
    const ui = contactForm(page);
    await expect(ui.submit).toBeEnabled();
    await page.waitForTimeout(1000);
    expect(stub.requested).toEqual([]);
    expect(await page.locator("script[src*='recaptcha']").count()).toBe(0);

    await page.locator("#contact").scrollIntoViewIfNeeded();
    await expect(ui.captchaBox).toBeVisible();
    expect(stub.requested).toHaveLength(1);
    expect(stub.requested[0]).toBe("https://www.google.com/recaptcha/api.js?onload=onloadcallback&render=explicit");
    expect((await captchaState(page)).renders).toEqual([{ sitekey: GOOGLE_TEST_SITE_KEY, theme: "light", size: "normal" }]);
  });

  test("asks for the reCAPTCHA and sends nothing when it is not ticked", async ({ page }) => {
    const posts = contactPosts(page);
    const ui = await openForm(page);
    await expect(ui.status).toHaveText("");
    await fillForm(ui, sample());
    await ui.submit.click();
    await expect(ui.status).toHaveText(STATUS.captcha);
    await page.waitForTimeout(300);
    expect(posts).toEqual([]);
  });

  test("lets the browser stop a form with a missing or malformed field", async ({ page }) => {
    const posts = contactPosts(page);
    const ui = await openForm(page);
    await fillForm(ui, sample({ email: "not-an-email" }));
    await tick(page, ui);
    await ui.submit.click();
    expect(await ui.field("email").evaluate((input: HTMLInputElement) => input.validity.typeMismatch)).toBe(true);
    await ui.field("email").fill("grace@example.com");
    await ui.field("firstName").fill("   ");
    await ui.submit.click();
    // Blanks pass the browser's "required" but not the shared schema, which reports on the field the same way.
    expect(await ui.field("firstName").evaluate((input: HTMLInputElement) => input.validationMessage)).toBe("First Name is required.");
    await expect(ui.status).toHaveText("");
    expect(posts).toEqual([]);
  });

  test("sends the message, shows each status, clears the fields, resets the check, and the row matches what was typed", async ({ page }) => {
    // Any console error (a CSP violation, a React warning) would be a bug here.
    const problems: string[] = [];
    page.on("console", (message) => message.type() === "error" && problems.push(message.text()));
    page.on("pageerror", (error) => problems.push(error.message));
    const ui = await openForm(page);
    // Hold the real request back a moment, so the in-flight state can be seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/contact", async (route) => {
      await held;
      await route.continue();
    });
    const values = sample({ firstName: "Zoë", company: "Ørsted & Co — 日本", message: `Multi-line\nproject: ${unique()} 🚀` });
    await fillForm(ui, values);
    await tick(page, ui);
    const answer = page.waitForResponse("**/api/contact");
    await ui.submit.click();

    await expect(ui.status).toHaveText(STATUS.sending);
    await expect(ui.submit).toBeDisabled();
    release();
    const response = await answer;
    expect(response.status()).toBe(201);
    const { id } = await response.json();
    expect(response.request().headers()["content-type"]).toBe("application/json");
    expect(JSON.parse(response.request().postData() ?? "")).toEqual({ ...values, recaptchaToken: expect.stringMatching(/^pass:/), submissionId: expect.stringMatching(/^[0-9a-f-]{32,36}$/), website: "", source: { landingPage: "/", pages: ["/"] } });

    await expect(ui.status).toHaveText(STATUS.sent);
    await expect(page.getByRole("listitem").filter({ hasText: "Message sent successfully!" })).toBeVisible();
    await expectFields(ui, { firstName: "", lastName: "", email: "", company: "", message: "" });
    await expect(ui.captchaBox).not.toBeChecked();
    expect((await captchaState(page)).resets).toBe(1);
    await expect(ui.submit).toBeEnabled();

    const rowId = await leadIdOf(DATABASE_URL, id);
    const rows = await listMessages(DATABASE_URL);
    expect(rows.find((row) => row.id === rowId)).toMatchObject({ ...values, verification: "verified" });
    expect(problems).toEqual([]);
  });

  test("keeps the fields, logs the error and resets the check when the network fails", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    const ui = await openForm(page);
    await page.route("**/api/contact", (route) => route.abort("internetdisconnected"));
    const values = sample();
    await fillForm(ui, values);
    await tick(page, ui);
    await ui.submit.click();

    await expect(ui.status).toHaveText(STATUS.failed);
    await expectFields(ui, values);
    await expect(page.getByRole("listitem").filter({ hasText: "Failed to send message" })).toBeVisible();
    expect(errors.some((text) => text.includes("Contact form: the message was not sent."))).toBe(true);
    await expect(ui.captchaBox).not.toBeChecked();
    expect((await captchaState(page)).resets).toBe(1);
    await expect(ui.submit).toBeEnabled();
    expect((await listMessages(DATABASE_URL)).some((row) => row.message === values.message)).toBe(false);

    // Once the network is back, the same text goes through after a fresh tick.
    await page.unroute("**/api/contact");
    await tick(page, ui);
    await ui.submit.click();
    await expect(ui.status).toHaveText(STATUS.sent);
    await expect.poll(async () => (await listMessages(DATABASE_URL)).filter((row) => row.message === values.message).length).toBe(1);
  });

  test("a resend after a lost answer is stored once", async ({ page }) => {
    const ui = await openForm(page);
    // The server receives and stores the message, but its answer never reaches the browser.
    await page.route("**/api/contact", async (route) => {
      await route.fetch();
      await route.abort("connectionreset");
    });
    const values = sample();
    await fillForm(ui, values);
    await tick(page, ui);
    await ui.submit.click();
    await expect(ui.status).toHaveText(STATUS.failed);
    await expect.poll(async () => (await listMessages(DATABASE_URL)).filter((row) => row.message === values.message).length).toBe(1);

    await page.unroute("**/api/contact");
    await tick(page, ui);
    await ui.submit.click();
    await expect(ui.status).toHaveText(STATUS.sent);
    expect((await listMessages(DATABASE_URL)).filter((row) => row.message === values.message)).toHaveLength(1);
  });

  test("gives up after 10 seconds without an answer and keeps the fields", async ({ page }) => {
    await page.clock.install();
    const errors: string[] = [];
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    const ui = await openForm(page);
    let seen = false;
    await page.route("**/api/contact", () => {
      seen = true; // never answered
    });
    const values = sample();
    await fillForm(ui, values);
    await tick(page, ui);
    await ui.submit.click();
    await expect.poll(() => seen).toBe(true);
    await expect(ui.status).toHaveText(STATUS.sending);

    await page.clock.runFor(9_000);
    await expect(ui.status).toHaveText(STATUS.sending);
    await page.clock.runFor(1_100);
    await expect(ui.status).toHaveText(STATUS.failed);
    await expectFields(ui, values);
    expect(errors.some((text) => text.includes("Contact form: the message was not sent."))).toBe(true);
    await expect(ui.captchaBox).not.toBeChecked();
  });

  test("treats an error answer from the API as a failure and shows its reason in the toast", async ({ page }) => {
    const ui = await openForm(page);
    const values = sample();
    await fillForm(ui, values);
    await tick(page, ui, "bogus"); // siteverify will refuse this token
    const answer = page.waitForResponse("**/api/contact");
    await ui.submit.click();
    expect((await answer).status()).toBe(400);
    await expect(ui.status).toHaveText(STATUS.failed);
    await expectFields(ui, values);
    await expect(page.getByRole("listitem").filter({ hasText: "Please complete the reCAPTCHA again" })).toBeVisible();
    await expect(ui.captchaBox).not.toBeChecked();
    expect((await listMessages(DATABASE_URL)).some((row) => row.message === values.message)).toBe(false);
  });

  test("toasts sit bottom-right, close with their button, and Alt+T moves focus to them", async ({ page }) => {
    const ui = await openForm(page);
    await fillForm(ui, sample());
    await tick(page, ui);
    await ui.submit.click();
    await expect(ui.status).toHaveText(STATUS.sent);
    const toast = page.getByRole("listitem").filter({ hasText: "Message sent successfully!" });
    await expect(toast).toBeVisible();
    const box = (await toast.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.x + box.width).toBeGreaterThan(viewport.width * 0.75);
    expect(box.y + box.height).toBeGreaterThan(viewport.height * 0.75);

    await page.keyboard.press("Alt+KeyT");
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest("[aria-label^='Notifications']") !== null)).toBe(true);

    await toast.getByRole("button", { name: /close/i }).click();
    await expect(toast).toHaveCount(0);
  });

  test("treats an expired tick as no tick", async ({ page }) => {
    const posts = contactPosts(page);
    const ui = await openForm(page);
    await fillForm(ui, sample());
    await tick(page, ui);
    await page.evaluate(() => (window as unknown as { __captcha: { expire: () => void } }).__captcha.expire());
    await ui.submit.click();
    await expect(ui.status).toHaveText(STATUS.captcha);
    expect(posts).toEqual([]);
  });

  test("says so clearly when Google's script cannot be loaded", async ({ page }) => {
    await page.route(RECAPTCHA_SCRIPT, (route) => route.abort("namenotresolved"));
    await page.goto("/");
    await page.locator("#contact").scrollIntoViewIfNeeded();
    await expect(contactForm(page).form.getByRole("alert")).toContainText("The reCAPTCHA check could not be loaded");
  });

  test("has no accessibility violations, also while showing a status and a script error", async ({ page }) => {
    await page.route(RECAPTCHA_SCRIPT, (route) => route.abort("namenotresolved"));
    await page.goto("/");
    const ui = contactForm(page);
    await expect(ui.submit).toBeEnabled();
    await page.locator("#contact").scrollIntoViewIfNeeded();
    await expect(ui.form.getByRole("alert")).toBeVisible();
    await fillForm(ui, sample());
    await ui.submit.click();
    await expect(ui.status).toHaveText(STATUS.captcha);
    const results = await new AxeBuilder({ page }).include("#contact").analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(", ")}`)).toEqual([]);
  });

  test("works again after navigating away and back (the widget is mounted a second time)", async ({ page }) => {
    const ui = await openForm(page);
    await page.locator("footer").getByRole("link").filter({ hasText: /./ }).and(page.locator("a[href^='/services/']")).first().click();
    await expect(page).toHaveURL(/\/services\//);
    await page.goBack();
    await expect(page).toHaveURL(/\/$|\/#/);
    await ui.form.scrollIntoViewIfNeeded();
    await expect(ui.captchaBox).toBeVisible();
    expect((await captchaState(page)).renders).toHaveLength(2);
    expect(ui.stub.requested).toHaveLength(1); // the script itself loads once per page

    const values = sample();
    await fillForm(ui, values);
    await tick(page, ui);
    await ui.submit.click();
    await expect(ui.status).toHaveText(STATUS.sent);
    await expect.poll(async () => (await listMessages(DATABASE_URL)).some((row) => row.message === values.message)).toBe(true);
  });
});

// The VITE_* settings are inlined at build time; Vite's dev server applies them without a second production build.
test.describe("contact form built with a cross-origin endpoint, reCAPTCHA Enterprise and recaptcha.net, under npm run dev", () => {
  test("loads enterprise.js from recaptcha.net, posts in no-cors mode as text/plain, and the other origin stores it", async ({ page }) => {
    test.slow(); // starts Vite
    const fake = await startFakeSiteverify();
    const api = await startServer({ RECAPTCHA_VERIFY_URL: fake.url });
    const dev = await startDevServer({
      VITE_CONTACT_ENDPOINT: `${api.url}/api/contact`,
      VITE_RECAPTCHA_ENTERPRISE: "true",
      VITE_RECAPTCHA_USE_RECAPTCHA_NET: "true",
      VITE_RECAPTCHA_SITE_KEY: "site-key-from-env",
    });
    try {
      expect(new URL(dev.url).origin).not.toBe(new URL(api.url).origin);
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      const stub = await stubRecaptcha(page);
      await page.goto(dev.url);
      const ui = contactForm(page);
      await expect(ui.submit).toBeEnabled({ timeout: 30_000 });
      await ui.form.scrollIntoViewIfNeeded();
      // React's development StrictMode mounts the widget twice; it must still render exactly one checkbox.
      await expect(ui.captchaBox).toHaveCount(1);
      await expect(ui.captchaBox).toBeVisible();
      expect(stub.requested).toEqual(["https://recaptcha.net/recaptcha/enterprise.js?onload=onloadcallback&render=explicit"]);
      // The stub only defines grecaptcha.enterprise.* for enterprise.js, so a rendered widget proves that API was used.
      expect((await captchaState(page)).renders).toMatchObject([{ sitekey: "site-key-from-env", theme: "light" }]);

      const values = sample();
      await fillForm(ui, values);
      await tick(page, ui);
      const request = page.waitForRequest(`${api.url}/api/contact`);
      await ui.submit.click();
      const sent = await request;
      expect(sent.headers()["content-type"]).toBe("text/plain;charset=UTF-8");
      expect(JSON.parse(sent.postData() ?? "")).toMatchObject({ ...values, recaptchaToken: expect.stringMatching(/^pass:/) });
      await expect(ui.status).toHaveText(STATUS.sent);
      await expectFields(ui, { firstName: "", lastName: "", email: "", company: "", message: "" });
      await expect.poll(async () => (await listMessages(api.databaseUrl)).map((row) => row.message)).toEqual([values.message]);
      expect(errors).toEqual([]);
    } finally {
      await dev.stop();
      await api.stop();
      await fake.close();
    }
  });
});
