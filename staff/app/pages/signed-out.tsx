/** What a tab whose session ended gets when it sends a form: nothing changed, how to go on, and what was typed. */
export function SignedOut({ next, typed }: { next: string; typed: string[] }) {
  return (
    <div className="max-w-prose space-y-4">
      <p>Nothing was changed: your session has ended (you signed out, it expired, or your access was withdrawn).</p>
      <p>
        <a href={`/sign-in?next=${encodeURIComponent(next)}`}>Sign in again</a>, then repeat what you were doing.
      </p>
      {typed.length > 0 ? (
        <div>
          <label htmlFor="typed" className="block font-medium">
            What you had typed (copy it before you leave this page)
          </label>
          <textarea id="typed" readOnly rows={6} className="mt-1 w-full rounded border border-slate-300 bg-white p-2" defaultValue={typed.join("\n\n")} />
        </div>
      ) : null}
    </div>
  );
}
