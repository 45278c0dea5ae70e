import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Enhancement } from "~/components/enhancement";
import { Button } from "~/components/ui/button";
import { HONEYPOT_FIELD, contactLimits } from "~/lib/contact-fields";
import { useHydrated } from "~/lib/use-hydrated";
import type { CaptchaHandle } from "./captcha";
import type * as ContactFormLogic from "./contact-form-logic";
import { CaptchaLoadFailed, CaptchaLoading, DirectWays, FormCodeLate } from "./captcha-notes";
import { contactStatus, type ContactStatus } from "./contact-status";

export { contactStatus } from "./contact-status";

const statusTone: Record<ContactStatus, string> = {
  "": "",
  [contactStatus.sending]: "text-slate-600",
  [contactStatus.captchaMissing]: "text-amber-700",
  [contactStatus.sent]: "text-emerald-700",
  [contactStatus.failed]: "text-red-700",
};

/*
 * The form's fields are plain HTML from the prerender: they can be typed into before hydration and keep what
 * was typed. Its working parts (the captcha, validation, sending, toasts) are another chunk, loaded when the
 * form comes near the viewport or gets focus, so they are not in the home page's first load.
 */
type Logic = typeof ContactFormLogic;
let logicModule: Promise<Logic | null> | undefined;
const loadLogic = () =>
  (logicModule ??= import("./contact-form-logic").catch(() => {
    // Offline, or a deploy replaced the chunk: the next attempt tries again.
    logicModule = undefined;
    return null;
  }));

/** How long the form's code may take, once asked for, before the form offers the e-mail and phone instead (app.css has the same for before hydration). */
const CODE_LATE_MS = 12_000;

/** Start loading this far before the form scrolls into view, so the captcha is usually ready when seen. */
const NEAR_VIEWPORT = "800px 0px";

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
  const [status, setStatus] = useState<ContactStatus>("");
  const [sending, setSending] = useState(false);
  const [logic, setLogic] = useState<Logic | "failed" | null>(null);
  const [late, setLate] = useState(false);
  const lateTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // False in the prerendered HTML and during hydration: until then a submit would be a native form post that
  // skips the reCAPTCHA and our API's JSON, so the button waits for React.
  const hydrated = useHydrated();
  const fieldId = (name: string) => `${id}-${name}`;

  // A ref, not state: a double click lands before React re-renders with the button disabled.
  const busy = useRef(false);
  const submissionId = useRef<string | null>(null);

  const engage = useCallback(() => {
    // A chunk that hangs never fails: after a while, say so anyway (a failed one says so at once).
    lateTimer.current ??= setTimeout(() => setLate(true), CODE_LATE_MS);
    void loadLogic().then((module) => {
      clearTimeout(lateTimer.current);
      setLogic(module ?? "failed");
    });
  }, []);
  useEffect(() => () => clearTimeout(lateTimer.current), []);

  useEffect(() => {
    const element = form.current;
    if (!element) return;
    if (typeof IntersectionObserver === "undefined") return engage();
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        engage();
      },
      { rootMargin: NEAR_VIEWPORT },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [engage]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    if (busy.current) return;
    busy.current = true;
    try {
      const module = await loadLogic();
      if (!module) {
        setStatus(contactStatus.failed);
        setLogic("failed");
        return;
      }
      await module.submitContact(element, { captcha: captcha.current, submissionId, setStatus, setSending });
    } finally {
      busy.current = false;
    }
  }

  const Captcha = logic && logic !== "failed" ? logic.Captcha : null;

  return (
    <form
      ref={form}
      aria-label="Start Your Project"
      method="post"
      className="mt-6 space-y-5"
      onSubmit={handleSubmit}
      onFocus={() => {
        engage();
        void loadLogic().then((module) => module?.loadSchema());
      }}
      // A custom error set above must not outlive the edit that fixes it.
      onInput={(event) => {
        const target = event.target;
        if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) target.setCustomValidity("");
      }}
    >
      {/* Without JavaScript the reCAPTCHA check cannot run, so the form cannot be sent: say so before the first
          field, not after the message is written, and offer the direct ways in (the root layout hides the check's
          "Loading" line, which would wait forever). */}
      <noscript>
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-slate-800">
          This form needs JavaScript for its spam check, so it cannot be sent from this browser. Please e-mail us at{" "}
          <DirectWays />
        </p>
      </noscript>
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

      {Captcha ? (
        // If the captcha itself fails, the visitor is told, as when its script cannot load: the form stays.
        <Enhancement name="reCAPTCHA loader" fallback={<CaptchaLoadFailed />}>
          <Captcha ref={captcha} />
        </Enhancement>
      ) : (
        <div className="captcha-slot">
          <div className="captcha-box" data-captcha-phase={logic === "failed" ? "failed" : "waiting"}>
            {logic === "failed" ? null : <CaptchaLoading />}
            {/* Before hydration CSS shows it after a few seconds (the page's scripts may never run); after, React does. */}
            {logic === "failed" ? null : <FormCodeLate due={late} />}
          </div>
          {logic === "failed" ? (
            <>
              <CaptchaLoadFailed />
              <FormCodeLate due />
            </>
          ) : null}
        </div>
      )}


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
