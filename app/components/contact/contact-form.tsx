import { useId, useRef, useState, useSyncExternalStore, type FormEvent, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { contactConfig } from "~/config/contact";
import { site } from "~/config/site";
import { notify } from "~/lib/notify";
import { HONEYPOT_FIELD, contactLimits } from "~/lib/contact-fields";
import type * as ContactSchema from "~/lib/contact-schema";
import type { ContactInput } from "~/lib/contact-schema";
import { Captcha, type CaptchaHandle } from "./captcha";
import { ContactSendError, sendContactMessage } from "./send-message";

/** The status line's texts, exactly as the spec words them. */
export const contactStatus = {
  sending: "Sending...",
  captchaMissing: "Please complete the reCAPTCHA.",
  sent: "Message sent successfully!",
  failed: "Error: Failed to send message. Please check your network or try again later.",
} as const;

type Status = (typeof contactStatus)[keyof typeof contactStatus] | "";

const statusTone: Record<Status, string> = {
  "": "",
  [contactStatus.sending]: "text-slate-600",
  [contactStatus.captchaMissing]: "text-amber-700",
  [contactStatus.sent]: "text-emerald-700",
  [contactStatus.failed]: "text-red-700",
};

// False in the prerendered HTML and during hydration, true afterwards: until then a submit would be a
// native form post that skips the reCAPTCHA and our API's JSON, so the button waits for React.
const subscribeNothing = () => () => {};
const useHydrated = () =>
  useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );

type SchemaModule = typeof ContactSchema;
let schemaModule: Promise<SchemaModule | null> | undefined;
// The validator is needed only once someone uses the form, so it stays out of the home page's first load.
// If its chunk cannot load, the browser's own checks and the API's (same schema) still apply.
const loadSchema = () => (schemaModule ??= import("~/lib/contact-schema").catch(() => null));

/** A random id; randomUUID needs a secure context, so plain-http deployments fall back to random bytes. */
function newSubmissionId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

const inputClass =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-ink shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30";

function Field({ id, label, required, children }: { id: string; label: string; required?: boolean; children: ReactNode }) {
  return (
    <div>
      {/* The label's text is exactly the spec's; the marks beside it are visual only (required is announced from the input). */}
      <div className="flex items-baseline gap-1 text-sm">
        <label htmlFor={id} className="font-semibold text-slate-700">
          {label}
        </label>
        <span aria-hidden="true" className={required ? "text-red-600" : "text-slate-500"}>
          {required ? "*" : "(optional)"}
        </span>
      </div>
      {children}
    </div>
  );
}

export function ContactForm() {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const captcha = useRef<CaptchaHandle>(null);
  const [status, setStatus] = useState<Status>("");
  const [sending, setSending] = useState(false);
  const hydrated = useHydrated();
  const fieldId = (name: string) => `${id}-${name}`;

  // A ref, not state: a double click lands before React re-renders with the button disabled.
  const busy = useRef(false);
  // Kept until the message is sent, so a retry after a lost answer is recognised by the API, not stored twice.
  const submissionId = useRef<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    try {
      await submit(event.currentTarget);
    } finally {
      busy.current = false;
    }
  }

  async function submit(element: HTMLFormElement) {
    // The browser has checked required, length and e-mail format; the shared schema also catches what it
    // lets through (a name of only spaces), and reports it the browser's way, on the field itself.
    const schema = await loadSchema();
    const data = new FormData(element);
    const text = (name: string) => String(data.get(name) ?? "");
    const token = captcha.current?.getToken() ?? null;
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
      form.current?.reset();
      notify.success("Message sent successfully!", { description: "Thank you. We will get back to you shortly." });
    } catch (error) {
      console.error("Contact form: the message was not sent.", error);
      setStatus(contactStatus.failed);
      notify.error("Failed to send message", {
        description: (error instanceof ContactSendError && error.detail) || "Please check your network or try again later. Your text is still in the form.",
      });
    } finally {
      // Tokens are single-use: whether or not the server consumed this one, the next attempt needs a fresh tick.
      captcha.current?.reset();
      setSending(false);
    }
  }

  return (
    <form
      ref={form}
      aria-label="Start Your Project"
      method="post"
      className="mt-6 space-y-5"
      onSubmit={handleSubmit}
      onFocus={loadSchema}
      // A custom error set above must not outlive the edit that fixes it.
      onInput={(event) => {
        const target = event.target;
        if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) target.setCustomValidity("");
      }}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={fieldId("firstName")} label="First Name" required>
          <input id={fieldId("firstName")} name="firstName" type="text" required maxLength={contactLimits.firstName} autoComplete="given-name" className={inputClass} />
        </Field>
        <Field id={fieldId("lastName")} label="Last Name" required>
          <input id={fieldId("lastName")} name="lastName" type="text" required maxLength={contactLimits.lastName} autoComplete="family-name" className={inputClass} />
        </Field>
      </div>
      <Field id={fieldId("email")} label="Email" required>
        <input id={fieldId("email")} name="email" type="email" required maxLength={contactLimits.email} autoComplete="email" className={inputClass} />
      </Field>
      <Field id={fieldId("company")} label="Company">
        <input id={fieldId("company")} name="company" type="text" maxLength={contactLimits.company} autoComplete="organization" className={inputClass} />
      </Field>
      <Field id={fieldId("message")} label="Project Details" required>
        <textarea id={fieldId("message")} name="message" required rows={5} maxLength={contactLimits.message} className={inputClass} />
      </Field>

      {/* The honeypot: off-screen and out of the tab order and accessibility tree, so only bots fill it in. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={fieldId(HONEYPOT_FIELD)}>Website (leave this empty)</label>
        <input id={fieldId(HONEYPOT_FIELD)} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>

      <Captcha ref={captcha} />

      {/* Without JavaScript the reCAPTCHA check cannot run, so the form cannot be sent: say so and offer the
          direct ways in (the root layout hides the check's "Loading" line, which would wait forever). */}
      <noscript>
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-slate-800">
          This form needs JavaScript for its spam check, so it cannot be sent from this browser. Please e-mail us at{" "}
          <a href={`mailto:${site.salesEmail}`} className="font-semibold text-brand-700 underline">
            {site.salesEmail}
          </a>{" "}
          or call{" "}
          <a href={site.phone.href} className="font-semibold text-brand-700 underline">
            {site.phone.display}
          </a>
          .
        </p>
      </noscript>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button type="submit" disabled={!hydrated || sending} aria-busy={sending}>
          Send Message
        </Button>
        <p role="status" aria-live="polite" className={`min-h-6 text-sm font-medium ${statusTone[status]}`}>
          {status}
        </p>
      </div>
    </form>
  );
}
