import { contactConfig } from "~/config/contact";
import { HONEYPOT_FIELD } from "~/lib/contact-fields";
import type * as ContactSchema from "~/lib/contact-schema";
import type { ContactInput } from "~/lib/contact-schema";
import { notify } from "~/lib/notify";
import type { CaptchaHandle } from "./captcha";
import { contactStatus, type ContactStatus } from "./contact-status";
import { ContactSendError, sendContactMessage } from "./send-message";

/*
 * The contact form's working parts, loaded when the form comes near the viewport or gets focus (contact-form.tsx):
 * the captcha and what a submit does. The fields themselves are in the page's HTML from the start, so nothing
 * typed before this arrives is lost.
 */
export { Captcha } from "./captcha";

type SchemaModule = typeof ContactSchema;
let schemaModule: Promise<SchemaModule | null> | undefined;
// The validator is needed only once someone uses the form (focus), so it waits even longer than this module.
// If its chunk cannot load, the browser's own checks and the API's (same schema) still apply.
export const loadSchema = () => (schemaModule ??= import("~/lib/contact-schema").catch(() => null));

/** A random id; randomUUID needs a secure context, so plain-http deployments fall back to random bytes. */
function newSubmissionId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export type SubmitContext = {
  captcha: CaptchaHandle | null;
  /** Kept until the message is sent, so a retry after a lost answer is recognised by the API, not stored twice. */
  submissionId: { current: string | null };
  setStatus: (status: ContactStatus) => void;
  setSending: (sending: boolean) => void;
};

/** Checks, sends and reports one submit of the form. */
export async function submitContact(element: HTMLFormElement, { captcha, submissionId, setStatus, setSending }: SubmitContext) {
  // The browser has checked required, length and e-mail format; the shared schema also catches what it
  // lets through (a name of only spaces), and reports it the browser's way, on the field itself.
  const schema = await loadSchema();
  const data = new FormData(element);
  const text = (name: string) => String(data.get(name) ?? "");
  const token = captcha?.getToken() ?? null;
  const payload: ContactInput = {
    firstName: text("firstName"),
    lastName: text("lastName"),
    email: text("email"),
    company: text("company"),
    message: text("message"),
    recaptchaToken: token ?? "",
    submissionId: (submissionId.current ??= newSubmissionId()),
    [HONEYPOT_FIELD]: text(HONEYPOT_FIELD),
  };
  const check = schema?.validateContact({ ...payload, recaptchaToken: token ?? "not yet" });
  if (check && !check.ok && check.field && check.field !== "recaptchaToken") {
    const input = element.elements.namedItem(check.field);
    if (input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement) {
      input.setCustomValidity(check.error);
      input.reportValidity();
      return;
    }
  }

  if (!token) {
    setStatus(contactStatus.captchaMissing);
    return;
  }

  setStatus(contactStatus.sending);
  setSending(true);
  try {
    await sendContactMessage(payload, { endpoint: contactConfig.endpoint, timeoutMs: contactConfig.submitTimeoutMs });
    setStatus(contactStatus.sent);
    submissionId.current = null;
    element.reset();
    notify.success("Message sent successfully!", { description: "Thank you. We will get back to you shortly." });
  } catch (error) {
    console.error("Contact form: the message was not sent.", error);
    setStatus(contactStatus.failed);
    notify.error("Failed to send message", {
      description: (error instanceof ContactSendError && error.detail) || "Please check your network or try again later. Your text is still in the form.",
    });
  } finally {
    // Tokens are single-use: whether or not the server consumed this one, the next attempt needs a fresh tick.
    captcha?.reset();
    setSending(false);
  }
}
