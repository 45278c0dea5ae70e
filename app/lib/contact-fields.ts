/*
 * The contact message's fields and limits, without the validator: the form needs these to render (labels,
 * maxLength), while the zod schema in contact-schema.ts loads only when the form is about to be used.
 */

export const contactLimits = {
  firstName: 100,
  lastName: 100,
  email: 254,
  company: 200,
  message: 5000,
  // Real reCAPTCHA tokens are a few hundred to ~2,000 characters; anything far beyond is not a token.
  recaptchaToken: 4096,
  submissionId: 64,
} as const;

/** The honeypot's name: a field real visitors never see, so any value in it comes from a bot. */
export const HONEYPOT_FIELD = "website";

export const contactFieldLabels = {
  firstName: "First Name",
  lastName: "Last Name",
  email: "Email",
  company: "Company",
  message: "Project Details",
  recaptchaToken: "reCAPTCHA",
  submissionId: "Submission ID",
} as const;

export type ContactField = keyof typeof contactFieldLabels;

/**
 * Limits of the optional `source` the form sends with a message (where the visit came from, see
 * app/lib/visit-source.ts). The browser trims to these before sending; the API drops a source that exceeds them.
 */
export const sourceLimits = {
  /** A path, without query or fragment. */
  path: 200,
  /** Each utm_* value. */
  utm: 200,
  /** The external referrer's origin. */
  referrer: 200,
  /** Paths viewed in the visit (the most recent ones are kept). */
  pages: 20,
} as const;

export const utmKeys = ["source", "medium", "campaign", "term", "content"] as const;
