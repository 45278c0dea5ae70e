import { roles, type Role } from "../../server/context";
import type { StaffPersonRow } from "../../server/storage";
import { buttonClass, dangerButtonClass, inputClass, Notice, secondaryButtonClass, Section } from "../components/ui";

const roleText: Record<Role, string> = { sales: "Sales (leads)", marketing: "Marketing (insights)", operator: "Operator (everything, people, audit log)" };

function RoleBoxes({ idPrefix, checked }: { idPrefix: string; checked: Role[] }) {
  return (
    <>
      {roles.map((role) => (
        <label key={role} htmlFor={`${idPrefix}-${role}`} className="flex min-h-11 items-center gap-2">
          <input id={`${idPrefix}-${role}`} type="checkbox" name="roles" value={role} defaultChecked={checked.includes(role)} className="size-5 shrink-0" />
          {roleText[role]}
        </label>
      ))}
    </>
  );
}

type Props = {
  people: StaffPersonRow[];
  me: string;
  timeZone: string;
  format: (iso: string) => string;
  error?: string;
  invite?: { email: string; roles: Role[] };
};

/** /staff: who may sign in, with which roles; invite, change roles, revoke (confirmed on its own page). */
export function PeoplePage({ people, me, timeZone, format, error, invite }: Props) {
  return (
    <div>
      {error ? <Notice kind="error">{error}</Notice> : null}
      <Section title="Invite someone">
        <form method="post" action="/staff/invite" noValidate className="max-w-md space-y-4">
          <div>
            <label htmlFor="invite-email" className="mb-1 block font-medium">
              E-mail
            </label>
            <input id="invite-email" name="email" type="email" autoComplete="off" required defaultValue={invite?.email ?? ""} className={inputClass} />
          </div>
          <fieldset>
            <legend className="mb-1 font-medium">Roles</legend>
            <RoleBoxes idPrefix="invite-role" checked={invite?.roles ?? []} />
          </fieldset>
          <button type="submit" className={buttonClass}>
            Invite and e-mail a sign-in link
          </button>
        </form>
      </Section>
      <Section title={`People (${people.length})`}>
        <p className="mb-3 text-slate-700">Times in {timeZone}.</p>
        <ul className="space-y-4">
          {people.map((person) => {
            const id = `person-${person.id}`;
            return (
              <li key={person.id} className="rounded border border-slate-200 bg-white p-4" aria-labelledby={id}>
                <h3 id={id} className="font-semibold break-all">
                  {person.email}
                  {person.email === me ? " (you)" : ""}
                </h3>
                <p className="mb-2 text-sm text-slate-700">
                  Added {format(person.createdAt)} by {person.invitedBy}
                </p>
                <form method="post" action="/staff/roles" className="space-y-2">
                  <input type="hidden" name="email" value={person.email} />
                  <fieldset>
                    <legend className="mb-1 font-medium">
                      Roles<span className="sr-only"> of {person.email}</span>
                    </legend>
                    <RoleBoxes idPrefix={`${id}-role`} checked={person.roles} />
                  </fieldset>
                  <div className="flex flex-wrap gap-3">
                    <button type="submit" className={secondaryButtonClass}>
                      Save roles
                    </button>
                    <a href={`/staff/revoke?email=${encodeURIComponent(person.email)}`} className="inline-flex min-h-11 items-center px-2">
                      Revoke {person.email}…
                    </a>
                  </div>
                </form>
              </li>
            );
          })}
        </ul>
      </Section>
    </div>
  );
}

/** The confirmation step of revoking: says what happens, and only this button does it. */
export function RevokePage({ person, error }: { person: StaffPersonRow; error?: string }) {
  return (
    <div className="max-w-prose space-y-4">
      {error ? <Notice kind="error">{error}</Notice> : null}
      <p>
        <strong className="break-all">{person.email}</strong> ({person.roles.join(", ")}) will no longer be able to sign in. Their sessions end at once (an open tab is
        signed out on its next click) and their passkeys are removed. The audit log keeps what they did.
      </p>
      <form method="post" action="/staff/revoke" className="flex flex-wrap items-center gap-4">
        <input type="hidden" name="email" value={person.email} />
        <button type="submit" className={dangerButtonClass}>
          Revoke {person.email}
        </button>
        <a href="/staff">Cancel</a>
      </form>
    </div>
  );
}
