import type { AuditLine } from "../../server/storage";
import { inputClass, secondaryButtonClass } from "../components/ui";

type Props = {
  lines: AuditLine[];
  total: number;
  page: number;
  pages: number;
  person: string;
  timeZone: string;
  format: (iso: string) => string;
};

const pageHref = (page: number, person: string) => `/audit?${new URLSearchParams({ ...(person ? { person } : {}), ...(page > 1 ? { page: String(page) } : {}) }).toString()}`;

/** /audit: every change and sign-in, newest first, paged; read-only (the database refuses edits). */
export function AuditPage({ lines, total, page, pages, person, timeZone, format }: Props) {
  return (
    <div>
      <form method="get" action="/audit" role="search" aria-label="Audit log" className="mb-4 flex flex-wrap items-end gap-3">
        <div className="grow">
          <label htmlFor="audit-person" className="mb-1 block font-medium">
            Person (e-mail)
          </label>
          <input id="audit-person" name="person" type="email" defaultValue={person} className={inputClass} />
        </div>
        <button type="submit" className={secondaryButtonClass}>
          Filter
        </button>
        {person ? <a href="/audit" className="inline-flex min-h-11 items-center">Show everyone</a> : null}
      </form>
      <p className="mb-3 text-slate-700">
        {total} line{total === 1 ? "" : "s"}
        {person ? ` by or about ${person}` : ""}, newest first. Times in {timeZone}. Nobody can edit or delete a line.
      </p>
      {lines.length === 0 ? (
        <p>Nothing yet.</p>
      ) : (
        <ol className="divide-y divide-slate-200 rounded border border-slate-200 bg-white">
          {lines.map((line) => (
            <li key={line.id} className="grid gap-1 p-3 md:grid-cols-[12rem_1fr]">
              <time dateTime={line.at} className="text-sm text-slate-700">
                {format(line.at)}
              </time>
              <div className="min-w-0 break-words">
                <span className="font-medium">{line.actor}</span> <span className="font-mono text-sm">{line.action}</span>
                {line.subject ? <span> {line.subject}</span> : null}
                {line.detail ? <span className="text-slate-700"> ({line.detail})</span> : null}
              </div>
            </li>
          ))}
        </ol>
      )}
      {pages > 1 ? (
        <nav aria-label="Pages of the audit log" className="mt-4 flex flex-wrap items-center gap-4">
          {page > 1 ? <a href={pageHref(page - 1, person)}>Newer</a> : null}
          <span>
            Page {page} of {pages}
          </span>
          {page < pages ? <a href={pageHref(page + 1, person)}>Older</a> : null}
        </nav>
      ) : null}
    </div>
  );
}
