import { buttonClass, inputClass, Notice, secondaryButtonClass } from "../components/ui";

type Props = { next: string; email?: string; error?: string; notice?: string };

/**
 * /sign-in: an e-mail address for a link, and (where the browser has WebAuthn: the script reveals it) a passkey.
 * The answer to the form is the same for every address, on the staff list or not.
 */
export function SignInPage({ next, email = "", error, notice }: Props) {
  return (
    <div className="max-w-md">
      {error ? <Notice kind="error">{error}</Notice> : null}
      {notice ? <Notice kind="info">{notice}</Notice> : null}
      <form method="post" action="/sign-in" noValidate className="space-y-4">
        <input type="hidden" name="next" value={next} />
        <div>
          <label htmlFor="email" className="mb-1 block font-medium">
            E-mail
          </label>
          <input
            id="email"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="username webauthn"
            required
            defaultValue={email}
            aria-invalid={error ? true : undefined}
            aria-describedby="email-hint"
            className={inputClass}
          />
          <p id="email-hint" className="mt-1 text-sm text-slate-700">
            The address you were invited with. We e-mail it a link that signs you in once, within 15 minutes.
          </p>
        </div>
        <button type="submit" className={buttonClass}>
          E-mail me a sign-in link
        </button>
      </form>
      <div data-passkey-sign-in data-next={next} hidden className="mt-8 border-t border-slate-200 pt-6">
        <p className="mb-3 text-slate-700">Or, if you added a passkey on this device or your phone:</p>
        <button type="button" className={secondaryButtonClass}>
          Sign in with a passkey
        </button>
        <p data-passkey-status role="status" className="mt-2 text-sm text-slate-800"></p>
      </div>
    </div>
  );
}

/** After the form: the same words whoever asked. */
export function SignInSentPage() {
  return (
    <div className="max-w-prose space-y-4">
      <p>If that address is on the staff list, a sign-in link is on its way to it. The link works once, within 15 minutes.</p>
      <p>
        Nothing in your inbox after a few minutes? Check the spam folder, or <a href="/sign-in">ask for another link</a>.
      </p>
    </div>
  );
}

/** The mailed link's page: opening it changes nothing (mail scanners open links); the button signs in. */
export function SignInLinkPage({ action }: { action: string }) {
  return (
    <form method="post" action={action} className="max-w-prose space-y-4">
      <p>Press the button to sign in to the workspace on this device.</p>
      <button type="submit" className={buttonClass}>
        Sign in
      </button>
    </form>
  );
}
