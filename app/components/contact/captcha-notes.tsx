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
