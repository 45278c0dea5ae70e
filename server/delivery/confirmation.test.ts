// @vitest-environment node
import { describe, expect, it } from "vitest";
import type { StoredMessage } from "../db/store";
import { composeConfirmationEmail } from "./confirmation";
import { composeLeadEmail } from "./email";

const lead: StoredMessage = {
  id: 4817,
  publicId: "9f3c2a71-5b0e-4d2a-8c41-7e6f0d9b1a23",
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  company: "",
  message: "Hello",
  createdAt: "2026-11-23T15:18:11.403Z",
  country: null,
  device: null,
  verification: "verified",
  verificationNote: null,
};
const settings = { to: ["sales@arcline.example"], from: "Website <no-reply@arcline.example>", timeZone: "UTC" };

describe("the visitor's confirmation", () => {
  it("gives a reference taken from the lead's public id, never the row id, which would tell anyone how many leads arrive", () => {
    const mail = composeConfirmationEmail(lead, "<c@x>", settings);
    const shown = [mail.subject, mail.text, mail.html, JSON.stringify(mail.headers)].map(String);
    for (const part of shown) expect(part).not.toContain("4817");
    expect(mail.subject).toContain("9F3C2A71");
    expect(String(mail.text)).toContain("9F3C2A71");
  });

  it("and sales see the same reference beside the row id, so a visitor quoting it is found", () => {
    const mail = composeLeadEmail(lead, "<l@x>", settings);
    expect(String(mail.text)).toMatch(/Reference: 9F3C2A71/);
    expect(String(mail.text)).toContain("#4817");
  });
});
