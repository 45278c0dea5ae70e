import * as z from "zod/mini";
import { cleanAttribution } from "./attribution-text";
import { HONEYPOT_FIELD, contactFieldLabels, contactLimits, sourceLimits, utmKeys, type ContactField } from "./contact-fields";

export { HONEYPOT_FIELD, contactFieldLabels, contactLimits, sourceLimits, type ContactField };

/*
 * The one definition of a contact message, shared by the form (browser) and the contact API (server),
 * so both ends accept exactly the same input. zod/mini keeps it small, and the form loads it only when a
 * visitor starts using the form, so it is not part of the home page's first load.
 */

const typeError = (label: string) => (issue: { input: unknown }) =>
  issue.input === undefined || issue.input === null ? `${label} is required.` : `${label} must be text.`;

// Control characters (C0, DEL, C1) have no place in a lead: in a terminal they are escape sequences that can
// clear or repaint the screen of whoever reads the messages. Only the message may hold line breaks and tabs.
const noControls = /^[^\p{Cc}]*$/u;
const noControlsButLines = /^(?:[^\p{Cc}]|[\n\t])*$/u;
const controlsError = (label: string) => `${label} must not contain control characters.`;

const text = (field: ContactField, { required, multiline = false }: { required: boolean; multiline?: boolean }) => {
  const label = contactFieldLabels[field];
  const max = contactLimits[field];
  return z.string({ error: typeError(label) }).check(
    // A Windows line break is still a line break: store it as \n rather than refuse it as a control character.
    ...(multiline ? [z.overwrite((value: string) => value.replace(/\r\n/g, "\n"))] : []),
    // Leading and trailing spaces are never meaningful here, and "   " must not pass as a filled-in field.
    z.trim(),
    ...(required ? [z.minLength(1, `${label} is required.`)] : []),
    z.maxLength(max, `${label} must be at most ${max} characters.`),
    z.regex(multiline ? noControlsButLines : noControls, controlsError(label)),
  );
};

// The source is context, not content: control, bidi and zero-width characters are removed rather than refused
// (the one attribution cleaning, shared with the page and the visit counts); a value too long is refused.
const sourceText = (max: number) =>
  z.string().check(
    z.overwrite((value: string) => cleanAttribution(value, Infinity)),
    z.maxLength(max),
  );
const sourcePath = sourceText(sourceLimits.path).check(z.regex(/^\/[^?#\s]*$/, "a path without query or fragment"));

/**
 * Where the visit that sent a message came from: its landing page with the campaign's utm_* values, the
 * external referrer's origin (never its path or query), and the paths viewed, in order. Known keys only.
 */
export const sourceSchema = z.strictObject({
  landingPage: sourcePath,
  utm: z.optional(z.strictObject(Object.fromEntries(utmKeys.map((key) => [key, z.optional(sourceText(sourceLimits.utm).check(z.minLength(1)))])) as Record<(typeof utmKeys)[number], z.ZodMiniOptional<ReturnType<typeof sourceText>>>)),
  referrer: z.optional(sourceText(sourceLimits.referrer).check(z.regex(/^https?:\/\/[^/?#\s@]+$/, "an origin"))),
  pages: z.array(sourcePath).check(z.minLength(1), z.maxLength(sourceLimits.pages)),
});

export type VisitSource = z.output<typeof sourceSchema>;

/** The source, or why it is left out (it never costs the message: see validateContact). */
export function parseSource(input: unknown): { source: VisitSource | null; problem: string | null } {
  if (input === undefined || input === null) return { source: null, problem: null };
  const result = sourceSchema.safeParse(input);
  if (result.success) return { source: result.data, problem: null };
  const issue = result.error.issues[0];
  return { source: null, problem: `source.${issue?.path.join(".") ?? ""}: ${issue?.message ?? "invalid"}` };
}

export const contactSchema = z.object({
  firstName: text("firstName", { required: true }),
  lastName: text("lastName", { required: true }),
  email: z.string({ error: typeError("Email") }).check(
    z.trim(),
    z.minLength(1, "Email is required."),
    z.maxLength(contactLimits.email, `Email must be at most ${contactLimits.email} characters.`),
    // The browser's own rule for <input type="email">: whatever the browser lets through, the API accepts too.
    z.regex(noControls, controlsError("Email")),
    z.email({ pattern: z.regexes.html5Email, error: "Email must be a valid e-mail address." }),
  ),
  // The spec's payload always carries company, but a missing or null one just means "not given".
  company: z._default(z.optional(z.nullable(text("company", { required: false }))), ""),
  message: text("message", { required: true, multiline: true }),
  recaptchaToken: z.string({ error: (issue) => (issue.input == null ? "Please complete the reCAPTCHA." : "reCAPTCHA must be text.") }).check(
    z.minLength(1, "Please complete the reCAPTCHA."),
    z.maxLength(contactLimits.recaptchaToken, "The reCAPTCHA token is not valid."),
  ),
  // One id per message the visitor writes, kept across retries: a resend after a lost answer is not a second lead.
  submissionId: z.optional(
    z.string().check(z.regex(/^[A-Za-z0-9-]{8,64}$/, "The submission ID is not valid.")),
  ),
  // Never validated: any content at all marks a bot, and the API decides that before validation.
  [HONEYPOT_FIELD]: z.optional(z.unknown()),
  // Checked on its own (parseSource): a bad source is dropped, and the message kept.
  source: z.optional(z.unknown()),
});

export type ContactInput = Omit<z.input<typeof contactSchema>, "source"> & { source?: VisitSource };
export type ContactMessage = Omit<z.output<typeof contactSchema>, "company" | "source" | typeof HONEYPOT_FIELD> & { company: string; source: VisitSource | null };

export type ContactValidation =
  | { ok: true; data: ContactMessage; /** Why a source sent with the message was left out. */ sourceProblem: string | null }
  | { ok: false; field: ContactField | null; error: string };

export function validateContact(input: unknown): ContactValidation {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return { ok: false, field: null, error: "The request body must be a JSON object." };
  }
  const result = contactSchema.safeParse(input);
  if (result.success) {
    const { firstName, lastName, email, company, message, recaptchaToken, submissionId } = result.data;
    const { source, problem } = parseSource(result.data.source);
    return { ok: true, data: { firstName, lastName, email, company: company ?? "", message, recaptchaToken, submissionId, source }, sourceProblem: problem };
  }
  const issue = result.error.issues[0];
  const field = issue?.path[0];
  return {
    ok: false,
    field: typeof field === "string" && field in contactFieldLabels ? (field as ContactField) : null,
    error: issue?.message ?? "Invalid input.",
  };
}

/** True when the honeypot holds anything a person could not have typed by accident: i.e. anything non-blank. */
export function isHoneypotFilled(input: unknown): boolean {
  if (typeof input !== "object" || input === null) return false;
  const value = (input as Record<string, unknown>)[HONEYPOT_FIELD];
  if (value === undefined || value === null) return false;
  return typeof value === "string" ? value.trim() !== "" : true;
}
