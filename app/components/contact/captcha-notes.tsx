import { site } from "~/config/site";

/*
 * What the captcha's box says while it is not there: shared by the form's light shell (before the captcha's
 * code has loaded) and the captcha itself, so the box does not change when one replaces the other.
 */

export function CaptchaLoading() {
  return <p className="py-6 text-sm text-slate-500">Loading the reCAPTCHA check…</p>;
}

export function CaptchaLoadFailed() {
  return (
    <p role="alert" className="mt-2 text-sm font-medium text-red-700">
      The reCAPTCHA check could not be loaded, so the form cannot be sent yet. Please check your connection or allow
      scripts from Google for this site, then reload the page. You can also e-mail us directly.
    </p>
  );
}

/** The other ways in, after "Please e-mail us at ": every address, then the phone. */
export function DirectWays() {
  return (
    <>
      {site.emails.map((email, index) => (
        <span key={email}>
          {index > 0 ? " or " : null}
          <a href={`mailto:${email}`} className="font-semibold text-brand-700 underline">
            {email}
          </a>
        </span>
      ))}
      , or call{" "}
      <a href={site.phone.href} className="font-semibold text-brand-700 underline">
        {site.phone.display}
      </a>
      .
    </>
  );
}

/**
 * The form's code has not arrived after a few seconds (its files fail to load, or hang): the form cannot be sent,
 * so say so and give the other ways in. Rendered from the prerender on, hidden by CSS until it is due
 * (app.css, .form-code-late): the timer must run when React itself never does.
 */
export function FormCodeLate({ due }: { due: boolean }) {
  return (
    <p className={due ? "mt-2 text-sm text-slate-800" : "form-code-late mt-2 text-sm text-slate-800"} data-form-code-late="">
      The form could not be loaded, so it cannot be sent from this page right now. Please e-mail us at <DirectWays />
    </p>
  );
}
