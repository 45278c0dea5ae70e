import { RECAPTCHA_TEST_SITE_KEY } from "./recaptcha";

/*
 * Build-time settings of the contact form (Vite inlines VITE_* variables into the client bundle; see docs/operations.md, "Configuration").
 * Only public values belong here: everything in this module is readable by any visitor.
 */
// Each variable is read as `import.meta.env.NAME`, which Vite replaces by its value at build time; reading them from
// a copy of `import.meta.env` would ship the whole object and look them up in the browser.
const flag = (value: unknown) => value === "true" || value === "1";

export const contactConfig = {
  endpoint: (import.meta.env.VITE_CONTACT_ENDPOINT as string | undefined) || "/api/contact",
  recaptchaSiteKey: (import.meta.env.VITE_RECAPTCHA_SITE_KEY as string | undefined) || RECAPTCHA_TEST_SITE_KEY,
  recaptchaEnterprise: flag(import.meta.env.VITE_RECAPTCHA_ENTERPRISE),
  recaptchaUseRecaptchaNet: flag(import.meta.env.VITE_RECAPTCHA_USE_RECAPTCHA_NET),
  /**
   * Lead attribution (app/lib/visit-source.ts): on unless VITE_LEAD_ATTRIBUTION is "off". A build-time switch
   * because the browser must know not to keep anything, and the privacy line under the form is prerendered.
   */
  attribution: !["off", "false", "0"].includes(String(import.meta.env.VITE_LEAD_ATTRIBUTION ?? "").trim().toLowerCase()),
  /** The spec's limit: a request that has not answered after this long counts as failed. */
  submitTimeoutMs: 10_000,
  /** How long the reCAPTCHA script may take before we tell the visitor it did not load. */
  recaptchaLoadTimeoutMs: 20_000,
} as const;
