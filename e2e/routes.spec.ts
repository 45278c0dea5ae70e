import { expect, test } from "@playwright/test";

test("home page answers 200 with its h1", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.locator("h1")).toHaveCount(1);
});
