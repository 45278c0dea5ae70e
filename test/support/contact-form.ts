import { expect, type Page, type Response } from "@playwright/test";
import { setNextCaptchaKind } from "./recaptcha-stub";

export type FormFields = { email: string; message: string; company?: string };

/**
 * Fills in the home page's contact form as a visitor does (the reCAPTCHA stubbed to pass), sends it, and returns
 * the API's answer once it has said 201.
 */
export async function sendContactForm(page: Page, { email, message, company }: FormFields): Promise<Response> {
  const form = page.getByRole("form", { name: "Start Your Project" });
  await form.getByLabel("First Name", { exact: true }).fill("Ada");
  await form.getByLabel("Last Name", { exact: true }).fill("Lovelace");
  await form.getByLabel("Email", { exact: true }).fill(email);
  if (company !== undefined) await form.getByLabel("Company", { exact: true }).fill(company);
  await form.getByLabel("Project Details", { exact: true }).fill(message);
  await setNextCaptchaKind(page, "pass");
  await form.getByRole("checkbox", { name: "I'm not a robot" }).check();
  const answer = page.waitForResponse((response) => response.url().endsWith("/api/contact"));
  await form.getByRole("button", { name: "Send Message" }).click();
  const response = await answer;
  expect(response.status()).toBe(201);
  return response;
}
