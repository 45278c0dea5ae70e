import type { StaffPerson } from "../../server/context";
import { buttonClass, dangerButtonClass, Notice, secondaryButtonClass, Section } from "../components/ui";

export type PasskeyView = { credentialId: string; createdAt: string; lastUsedAt: string | null };
type Props = { person: StaffPerson; passkeys: PasskeyView[]; timeZone: string; format: (iso: string) => string; error?: string };

/** /account: who you are signed in as, your passkeys, and "Sign out everywhere". */
export function AccountPage({ person, passkeys, timeZone, format, error }: Props) {
  return (
    <div className="max-w-prose">
      {error ? <Notice kind="error">{error}</Notice> : null}
      <Section title="You">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="font-medium">E-mail</dt>
          <dd className="break-all">{person.email}</dd>
          <dt className="font-medium">Roles</dt>
          <dd>{person.roles.join(", ")}</dd>
        </dl>
      </Section>
      <Section title="Passkeys">
        <p className="mb-3 text-slate-700">A passkey signs you in on this device (or with your phone) without waiting for an e-mail. Times in {timeZone}.</p>
        {passkeys.length === 0 ? (
          <p className="mb-3">You have no passkey yet.</p>
        ) : (
          <ul className="mb-3 space-y-2">
            {passkeys.map((passkey, index) => (
              <li key={passkey.credentialId} className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded border border-slate-200 bg-white p-3">
                <span className="grow">
                  Passkey {index + 1}, added {format(passkey.createdAt)}
                  {passkey.lastUsedAt ? `, last used ${format(passkey.lastUsedAt)}` : ", not used yet"}
                </span>
                <form method="post" action="/account/passkeys/remove">
                  <input type="hidden" name="credentialId" value={passkey.credentialId} />
                  <button type="submit" className={secondaryButtonClass} aria-label={`Remove passkey ${index + 1}`}>
                    Remove
                  </button>
                </form>
              </li>
            ))}
          </ul>
        )}
        <div data-passkey-add hidden>
          <button type="button" className={buttonClass}>
            Add a passkey
          </button>
          <p data-passkey-status role="status" className="mt-2 text-sm text-slate-800"></p>
        </div>
        <p data-passkey-unsupported className="text-sm text-slate-700">
          Adding a passkey needs JavaScript and a browser that supports passkeys.
        </p>
      </Section>
      <Section title="Sessions">
        <p className="mb-3 text-slate-700">Signs you out on every device and browser, this one included.</p>
        <form method="post" action="/account/sign-out-everywhere">
          <button type="submit" className={dangerButtonClass}>
            Sign out everywhere
          </button>
        </form>
      </Section>
    </div>
  );
}
