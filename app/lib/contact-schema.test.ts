import { describe, expect, it } from "vitest";
import { contactLimits, isHoneypotFilled, sourceLimits, validateContact } from "./contact-schema";

const without = <T extends object, K extends keyof T>(object: T, key: K): Omit<T, K> => {
  const copy = { ...object };
  delete copy[key];
  return copy;
};

const valid = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  company: "Analytical Engines Ltd",
  message: "We need a new platform.",
  recaptchaToken: "token-123",
};

describe("validateContact", () => {
  it("accepts a complete message and trims surrounding spaces", () => {
    const result = validateContact({ ...valid, firstName: "  Ada ", message: "\n Hello \n" });
    expect(result).toEqual({ ok: true, sourceProblem: null, data: { source: null, ...valid, message: "Hello" } });
  });

  it.each(["firstName", "lastName", "email", "company"] as const)("rejects any control character in %s", (field) => {
    for (const bad of ["\u001b[2J", "a\nb", "a\tb", "a\rb", "a\u0000b", "a\u007fb", "a\u009b2Jb"]) {
      const value = field === "email" ? `ada${bad}@example.com` : `Ada${bad}`;
      expect(validateContact({ ...valid, [field]: value })).toMatchObject({ ok: false, field, error: expect.stringMatching(/control characters/) });
    }
  });

  it("allows line breaks and tabs in the message, stores CRLF as LF, and rejects other control characters", () => {
    expect(validateContact({ ...valid, message: "Line one\r\n\tLine two\nthree" })).toEqual({ ok: true, sourceProblem: null, data: { source: null, ...valid, message: "Line one\n\tLine two\nthree" } });
    for (const bad of ["Hi \u001b[2J there", "Hi\rthere", "Hi\u0007", "Hi\u0085there"]) {
      expect(validateContact({ ...valid, message: bad })).toMatchObject({ ok: false, field: "message", error: "Project Details must not contain control characters." });
    }
  });

  it("treats a missing or null company as empty, and drops unknown keys", () => {
    expect(validateContact({ ...without(valid, "company"), extra: "x" })).toEqual({ ok: true, sourceProblem: null, data: { source: null, ...valid, company: "" } });
    expect(validateContact({ ...valid, company: null })).toEqual({ ok: true, sourceProblem: null, data: { source: null, ...valid, company: "" } });
  });

  it.each(["firstName", "lastName", "email", "message"] as const)("requires %s, also when only blanks are given", (field) => {
    expect(validateContact(without(valid, field))).toMatchObject({ ok: false, field, error: expect.stringMatching(/is required/) });
    expect(validateContact({ ...valid, [field]: "   " })).toMatchObject({ ok: false, field });
  });

  it.each([
    ["firstName", contactLimits.firstName],
    ["lastName", contactLimits.lastName],
    ["company", contactLimits.company],
    ["message", contactLimits.message],
  ] as const)("limits %s to %i characters", (field, max) => {
    expect(validateContact({ ...valid, [field]: "x".repeat(max) })).toMatchObject({ ok: true });
    expect(validateContact({ ...valid, [field]: "x".repeat(max + 1) })).toMatchObject({
      ok: false,
      field,
      error: `${{ firstName: "First Name", lastName: "Last Name", company: "Company", message: "Project Details" }[field]} must be at most ${max} characters.`,
    });
  });

  it("limits the e-mail address to 254 characters", () => {
    const local = "a".repeat(64);
    const domain = (label: number) => `${"b".repeat(label)}.`;
    const email = `${local}@${domain(63).repeat(2)}${"c".repeat(254 - 64 - 1 - 128)}`;
    expect(email).toHaveLength(254);
    expect(validateContact({ ...valid, email })).toMatchObject({ ok: true });
    expect(validateContact({ ...valid, email: `a${email}` })).toMatchObject({ ok: false, field: "email" });
  });

  it.each(["plainaddress", "a@", "@example.com", "a b@example.com", "a@-example.com", "a@example..com"])("rejects the malformed e-mail %s", (email) => {
    expect(validateContact({ ...valid, email })).toMatchObject({ ok: false, field: "email", error: "Email must be a valid e-mail address." });
  });

  it.each(["a@b", "first.last+tag@sub.example.co.uk", "o'brien@example.ie"])("accepts %s, like the browser's type=email check", (email) => {
    expect(validateContact({ ...valid, email })).toMatchObject({ ok: true });
  });

  it("keeps unicode text as typed", () => {
    const text = "Grüße aus München — 日本語 🚀";
    expect(validateContact({ ...valid, firstName: "Zoë", message: text })).toMatchObject({ ok: true, data: { firstName: "Zoë", message: text } });
  });

  it.each([
    ["firstName", 42, "First Name must be text."],
    ["email", ["a@b.c"], "Email must be text."],
    ["company", { name: "x" }, "Company must be text."],
    ["message", true, "Project Details must be text."],
  ] as const)("rejects a %s of the wrong type", (field, value, error) => {
    expect(validateContact({ ...valid, [field]: value })).toEqual({ ok: false, field, error });
  });

  it("requires the reCAPTCHA token", () => {
    expect(validateContact(without(valid, "recaptchaToken"))).toEqual({ ok: false, field: "recaptchaToken", error: "Please complete the reCAPTCHA." });
    expect(validateContact({ ...valid, recaptchaToken: "" })).toMatchObject({ ok: false, field: "recaptchaToken" });
    expect(validateContact({ ...valid, recaptchaToken: "t".repeat(contactLimits.recaptchaToken + 1) })).toMatchObject({ ok: false, field: "recaptchaToken" });
  });

  it.each([null, [], "text", 3])("rejects a body that is not an object (%j) without naming a field", (body) => {
    expect(validateContact(body)).toEqual({ ok: false, field: null, error: "The request body must be a JSON object." });
  });

  it("names the first invalid field in form order", () => {
    expect(validateContact({ ...valid, firstName: "", message: "" })).toMatchObject({ field: "firstName" });
  });
});

describe("the optional source", () => {
  const source = {
    landingPage: "/",
    utm: { source: "newsletter", campaign: "spring" },
    referrer: "https://news.example",
    pages: ["/", "/services/ux-design", "/"],
  };

  it("is kept when well formed, with control characters removed and values trimmed", () => {
    expect(validateContact({ ...valid, source })).toMatchObject({ ok: true, data: { source }, sourceProblem: null });
    const dirty = { ...source, utm: { campaign: " spr\u0000ing\u001b[2J " } };
    expect(validateContact({ ...valid, source: dirty })).toMatchObject({ ok: true, data: { source: { utm: { campaign: "spring[2J" } } } });
    expect(validateContact({ ...valid, source: { landingPage: "/x", pages: ["/x"] } })).toMatchObject({ ok: true, data: { source: { landingPage: "/x", pages: ["/x"] } } });
  });

  it("loses every bidi and zero-width character (item 13: a reversed utm_source never reaches the e-mails or the chat alert)", () => {
    const hidden = { ...source, utm: { source: "\u202Eelgoog\u202C", medium: "c\u200Bp\u200Dc\uFEFF", campaign: "\u2066brand\u2069" }, pages: ["/\u202Ex"] };
    expect(validateContact({ ...valid, source: hidden })).toMatchObject({ ok: true, data: { source: { utm: { source: "elgoog", medium: "cpc", campaign: "brand" }, pages: ["/x"] } } });
  });

  it.each([
    ["an unknown key", { ...source, email: "x@example.com" }],
    ["an unknown utm key", { ...source, utm: { gclid: "abc" } }],
    ["a referrer with a path", { ...source, referrer: "https://news.example/issue?user=ada" }],
    ["a landing page with a query", { ...source, landingPage: "/?email=ada@example.com" }],
    ["an oversized utm value", { ...source, utm: { campaign: "c".repeat(sourceLimits.utm + 1) } }],
    ["too many pages", { ...source, pages: Array.from({ length: sourceLimits.pages + 1 }, () => "/") }],
    ["an oversized path", { ...source, pages: [`/${"p".repeat(sourceLimits.path)}`] }],
    ["no landing page", { pages: ["/"] }],
    ["pages that are not a list", { ...source, pages: "/" }],
    ["a string", "newsletter"],
    ["an array", [source]],
  ])("is dropped, never the message, for %s", (_, bad) => {
    const result = validateContact({ ...valid, source: bad });
    expect(result).toMatchObject({ ok: true, data: { ...valid, source: null }, sourceProblem: expect.stringMatching(/^source/) });
  });

  it("is null and unremarked when missing", () => {
    expect(validateContact({ ...valid, source: null })).toMatchObject({ ok: true, data: { source: null }, sourceProblem: null });
  });
});

describe("isHoneypotFilled", () => {
  it.each([
    [{}, false],
    [{ website: "" }, false],
    [{ website: "  " }, false],
    [{ website: null }, false],
    [{ website: "http://spam.example" }, true],
    [{ website: 1 }, true],
    [null, false],
  ])("%j → %s", (body, filled) => {
    expect(isHoneypotFilled(body)).toBe(filled);
  });
});
